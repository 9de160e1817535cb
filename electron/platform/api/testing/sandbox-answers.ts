import { jsonNumber, parseJsonLossless } from '../../../../shared/money/index.ts';
import { startSandbox } from '../../../sandbox/index.ts';
import { ANSWER_LIMITS } from '../answer-limits.ts';
import { createTransport } from '../transport.ts';

/**
 * Real answers of the local sandbox, as the fuzz tests' valid starting points: one per example
 * transaction, and one per other endpoint.
 */
export type SandboxAnswers = {
  transactions: string[];
  /** Every pair from BTC: a list of several elements. */
  pairs: string;
  quote: string;
  order: string;
  invoice: string;
};

export async function sandboxAnswers(): Promise<SandboxAnswers> {
  const merchant = { key: 'fuzz-merchant-key-01', secret: 'fuzz-merchant-secret-01', name: 'Fuzz merchant' };
  const sandbox = await startSandbox({ merchants: [merchant], seed: 6 });
  try {
    const transport = createTransport({ baseUrl: sandbox.baseUrl, apiKey: merchant.key, secret: merchant.secret });
    const answer = async (method: 'GET' | 'POST', path: string, body: Record<string, unknown>) =>
      (await transport.send({ method, path, body, action: 'sample', maxAnswerBytes: ANSWER_LIMITS.pairs })).text;

    const transactions: string[] = [];
    for (const { id } of sandbox.state(merchant.key).transactions) transactions.push(await answer('GET', 'transactions/info', { id }));
    const pairs = await answer('POST', 'currencies/pairs', { currency_from: 'BTC' });
    const quote = await answer('POST', 'exchange/calculate', { sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: jsonNumber('0.01') });
    const { data } = parseJsonLossless(quote) as { data: { price: string; sender_amount: string } };
    const order = await answer('POST', 'exchange/fixed', {
      foreign_id: 'fx-fuzz-sample',
      price: jsonNumber(String(data.price)),
      sender_currency: 'BTC',
      receiver_currency: 'EUR',
      sender_amount: jsonNumber(String(data.sender_amount)),
    });
    const invoice = await answer('POST', 'invoices/create', {
      timer: true,
      title: 'Fuzz sample',
      foreign_id: 'inv-fuzz-sample',
      currency: 'EUR',
      amount: jsonNumber('100.5'),
      url_success: 'https://shop.example.com/ok',
      url_failed: 'https://shop.example.com/failed',
      email_user: 'buyer@example.com',
      end_user_reference: 'customer-1',
    });
    return { transactions, pairs, quote, order, invoice };
  } finally {
    await sandbox.close();
  }
}
