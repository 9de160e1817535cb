import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Decimal } from '../../../shared/money/index.ts';
import type { SandboxHandle } from '../index.ts';
import type { ManualClock } from './helpers.ts';
import { info, invoiceBody, LEGAL, MERCHANT_A, MERCHANT_B, NATURAL, post, startTestSandbox } from './helpers.ts';

/**
 * accounts/list (docs/service-interface.md, "accounts/list") and how the sandbox's own operations
 * move the balances: every currency, zeros included; opening balances; paid invoices credit,
 * exchanges move from one currency to the other, withdrawals debit; and the sums add up, worked
 * out here from the answers with exact decimals, not from the sandbox's own arithmetic.
 */

let sb: SandboxHandle;
let clock: ManualClock;
beforeEach(async () => {
  ({ sb, clock } = await startTestSandbox());
});
afterEach(() => sb.close());

type Row = { currency: string; type: string; balance: string };
const balances = async (merchant = MERCHANT_A): Promise<Record<string, string>> => {
  const res = await post(sb, 'accounts/list', {}, { merchant });
  expect(res.status).toBe(200);
  return Object.fromEntries((res.json.data as Row[]).map((row) => [row.currency, row.balance]));
};
const plus = (...values: string[]) => values.reduce((sum, value) => sum.plus(value), new Decimal(0));
const floor8 = (value: InstanceType<typeof Decimal>) => value.round(8, Decimal.roundDown);
const BTC_ADDRESS = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
const ETH_ADDRESS = '0x52908400098527886e0f7030069857d2e4169ee7';

async function exchange(foreignId: string, body: Record<string, string>) {
  const quote = (await post(sb, 'exchange/calculate', body)).json.data;
  const placed = await post(sb, 'exchange/fixed', { foreign_id: foreignId, price: quote.price, sender_currency: body.sender_currency, receiver_currency: body.receiver_currency, ...(body.sender_amount ? { sender_amount: quote.sender_amount } : { receiver_amount: quote.receiver_amount }) });
  expect(placed.status, JSON.stringify(placed.json)).toBe(201);
  return placed.json.data as { sender_amount: string; receiver_amount: string; fee_amount: string; fee_currency: string };
}

async function withdraw(body: Record<string, string>) {
  const res = await post(sb, 'withdrawal/crypto', { end_user_reference: 'customer-1', sender_type: 'legal', sender_data: LEGAL, receiver_type: 'natural', receiver_data: NATURAL, ...body });
  return res;
}

/** The credit of a paid invoice, from the deposit as transactions/info shows it. */
async function netOf(transactionId: number): Promise<string> {
  return (await info(sb, { id: transactionId })).json.currency_received.amount_minus_fee as string;
}

describe('accounts/list', () => {
  it('lists every currency with its type, zeros included, from reasonable opening balances, 8 places as strings', async () => {
    const res = await post(sb, 'accounts/list', {});
    expect(res.status).toBe(200);
    const rows = res.json.data as Row[];
    expect(rows.map((r) => r.currency)).toEqual(['BTC', 'ETH', 'LTC', 'XRP', 'USDTERC20', 'USDTTRC20', 'USDC', 'TRX', 'EUR', 'USD', 'GBP']);
    expect(rows.find((r) => r.currency === 'EUR')).toEqual({ currency: 'EUR', type: 'fiat', balance: '50000.00000000' });
    expect(rows.find((r) => r.currency === 'LTC')).toEqual({ currency: 'LTC', type: 'crypto', balance: '0.00000000' });
    expect(res.text).toContain('"balance":"1.25000000"');
    expect(await balances(MERCHANT_B)).toEqual(await balances(MERCHANT_A));
  });

  it('needs a signature like every endpoint, and ignores fields it does not take', async () => {
    expect((await post(sb, 'accounts/list', {}, { merchant: null })).status).toBe(403);
    expect((await post(sb, 'accounts/list', {}, { signature: 'f'.repeat(128) })).json.code).toBe('bad_header_signature');
    expect((await post(sb, 'accounts/list', { currency: 'BTC' })).json.data).toHaveLength(11);
  });
});

describe('balances move with the sandbox’s own operations', () => {
  it('add up after a scripted mix of invoices paid, exchanges and withdrawals', async () => {
    const opening = await balances();

    // A BTC invoice paid in full: BTC gains what arrived less its fees.
    const btcInvoice = (await post(sb, 'invoices/create', invoiceBody({ currency: 'BTC', amount: '0.01' }))).json.data;
    const btcPaid = sb.payInvoice(btcInvoice.id, { amount: '0.01' });
    const btcNet = await netOf(btcPaid.transactionId);
    expect(btcNet).toBe('0.00988');

    // A EUR invoice paid in ETH: EUR gains the net ETH at the rate fixed for the payment.
    const eurInvoice = (await post(sb, 'invoices/create', invoiceBody({ currency: 'EUR', amount: '100' }))).json.data;
    const fixed = sb.chooseInvoiceCurrency(eurInvoice.id, 'ETH');
    const ethPaid = sb.payInvoice(eurInvoice.id, { amount: fixed.sender_amount!, currency: 'ETH' });
    const eurCredit = floor8(new Decimal(await netOf(ethPaid.transactionId)).times('100').div(ethPaid.required));

    // An underpaid fill-or-kill invoice is rejected and refunded: nothing is credited.
    const short = (await post(sb, 'invoices/create', invoiceBody({ currency: 'LTC', amount: '2' }))).json.data;
    sb.payInvoice(short.id, { amount: '1.5' });

    // Two exchanges, by the sender amount and by the receiver amount: the fee is in the sender currency.
    const btcToEur = await exchange('mix-ex-1', { sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '0.1' });
    const eurToEth = await exchange('mix-ex-2', { sender_currency: 'EUR', receiver_currency: 'ETH', receiver_amount: '1' });
    expect([btcToEur.fee_currency, eurToEth.fee_currency]).toEqual(['BTC', 'EUR']);

    // A withdrawal debits its amount and its mining fee; one paid from EUR takes the converted amount
    // from EUR (its currency_sent) and the mining fee from BTC (its fees), as transactions/info shows.
    expect((await withdraw({ foreign_id: 'mix-wd-1', currency: 'ETH', amount: '0.5', address: ETH_ADDRESS })).status).toBe(201);
    const fromEur = await withdraw({ foreign_id: 'mix-wd-2', currency: 'BTC', amount: '0.01', address: BTC_ADDRESS, convert_to: 'EUR' });
    expect(fromEur.status).toBe(201);
    const shown = (await info(sb, { id: fromEur.json.data.id })).json;
    expect(shown.fees).toEqual([{ type: 'mining', currency: 'BTC', amount: '0.00002' }]);
    const eurForWithdrawal = shown.currency_sent.amount as string;

    clock.advance(60_000);
    const now = await balances();
    const expected: Record<string, InstanceType<typeof Decimal>> = {
      BTC: plus(opening.BTC!, btcNet).minus(btcToEur.sender_amount).minus(btcToEur.fee_amount).minus('0.00002'),
      EUR: plus(opening.EUR!, btcToEur.receiver_amount).plus(eurCredit).minus(eurToEth.sender_amount).minus(eurToEth.fee_amount).minus(eurForWithdrawal),
      ETH: plus(opening.ETH!, eurToEth.receiver_amount).minus('0.5').minus('0.0004'),
      LTC: plus(opening.LTC!),
    };
    for (const [currency, value] of Object.entries(expected)) expect(now[currency], currency).toBe(value.toFixed(8));
    for (const currency of ['XRP', 'USDTTRC20', 'USD', 'GBP']) expect(now[currency], currency).toBe(opening[currency]);
    // Nothing of A's reaches B.
    expect(await balances(MERCHANT_B)).toEqual(opening);
  });

  it('refuses an exchange or a withdrawal the balance cannot pay, and moves nothing', async () => {
    const opening = await balances();
    const quote = (await post(sb, 'exchange/calculate', { sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '1.24' })).json.data;
    const tooMuch = await post(sb, 'exchange/fixed', { foreign_id: 'big-1', price: quote.price, sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: quote.sender_amount });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.json).toEqual({ errors: { sender_amount: 'Insufficient funds: the BTC balance is 1.25000000, and this needs 1.25240000 BTC with its fee.' } });
    const noLtc = await withdraw({ foreign_id: 'big-2', currency: 'LTC', amount: '1', address: 'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9' });
    expect(noLtc.json).toEqual({ errors: { amount: 'Insufficient funds: the LTC balance is 0.00000000, and this needs 1.00010000 LTC with its fee.' } });
    expect(await balances()).toEqual(opening);
    // The quote was not used up by the refusal: a smaller one still places.
    expect((await post(sb, 'exchange/fixed', { foreign_id: 'small-1', ...smallQuote(await post(sb, 'exchange/calculate', { sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '1' })) })).status).toBe(201);
  });
});

function smallQuote(res: { json: { data: { price: string; sender_amount: string } } }) {
  return { price: res.json.data.price, sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: res.json.data.sender_amount };
}
