import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressTakeRequest, TransactionLookupRequest } from '../../../shared/api/index.ts';
import { Decimal } from '../../../shared/money/index.ts';
import type { SandboxHandle } from '../../sandbox/index.ts';
import { EXAMPLE_FOREIGN_IDS, LONG_AMOUNT, startSandbox } from '../../sandbox/index.ts';
import { createProcessingClient } from './client.ts';
import type { ProcessingClient } from './client.ts';
import { freePort } from '../testing/free-port.ts';
import { failureOf } from './test-fixtures.ts';
import { newReceipt } from './transport.ts';

/**
 * The contract test: the app's own client (real signing, real HTTP) against the local
 * sandbox, for every endpoint the client has, on the happy path and on each kind of refusal. The
 * sandbox validates on its own (not with shared/api), so a mistake on either side shows here.
 */

const MERCHANT = { key: 'contract-key-0001', secret: 'contract-secret-0001', name: 'Contract merchant' };
const OTHER = { key: 'contract-key-0002', secret: 'contract-secret-0002', name: 'Other merchant' };

let sb: SandboxHandle;
let client: ProcessingClient;
const clock = Date.UTC(2026, 10, 22, 12, 0, 0);

const clientFor = (merchant: { key: string; secret: string }, options: { responseTimeoutMs?: number } = {}) =>
  createProcessingClient({ baseUrl: sb.baseUrl, apiKey: merchant.key, secret: merchant.secret, now: () => clock, ...options });

beforeAll(async () => {
  sb = await startSandbox({ merchants: [MERCHANT, OTHER], seed: 7, clock: () => clock });
  client = clientFor(MERCHANT);
});
afterAll(async () => {
  await sb.close();
});

describe('the client against the local sandbox, endpoint by endpoint', () => {
  it('ping and a signed credentials check', async () => {
    await expect(client.ping()).resolves.toBeUndefined();
    await expect(client.checkCredentials()).resolves.toBeUndefined();
  });

  it('transactions/info (GET with a body) by id and by foreign_id, amounts kept exactly', async () => {
    const examples = sb.state(MERCHANT.key).transactions;
    const deposit = examples.find((t) => t.type === 'deposit');
    expect(deposit).toBeDefined();
    const byId = await client.lookupTransaction({ id: deposit!.id });
    expect(byId.transaction.id).toBe(deposit!.id);
    expect(byId.transaction.type).toBe('deposit');
    expect(byId.raw).toContain(`"id":${deposit!.id}`);

    const byForeignId = await client.lookupTransaction({ foreign_id: EXAMPLE_FOREIGN_IDS.withdrawalCancelled });
    expect(byForeignId.transaction.status).toBe('cancelled');
    expect(byForeignId.transaction.error).toBeTruthy();

    // One example carries 12345678.12345678 as a bare JSON number: it must arrive digit for digit.
    const all = await Promise.all(examples.map((t) => client.lookupTransaction({ id: t.id })));
    expect(all.some(({ transaction }) => JSON.stringify(transaction).includes(`"${LONG_AMOUNT}"`))).toBe(true);
  });

  it('currencies/pairs', async () => {
    const { pairs, unreadable } = await client.listPairs({});
    expect(unreadable).toEqual([]);
    expect(pairs.length).toBeGreaterThan(10);
    const btcEur = pairs.find((p) => p.currency_from.currency === 'BTC' && p.currency_to.currency === 'EUR');
    expect(btcEur?.currency_from.type).toBe('crypto');
    expect(btcEur?.rate_to).toMatch(/^\d+(\.\d+)?$/);
    const { pairs: filtered } = await client.listPairs({ currency_from: 'ETH' });
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.every((p) => p.currency_from.currency === 'ETH')).toBe(true);
  });

  it('exchange/calculate, then exchange/fixed with that quote', async () => {
    const quote = await client.calculateQuote({ sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '0.01' });
    expect(Number(quote.ts_release) - Number(quote.ts_fixed)).toBe(60);
    expect(quote.receiver_amount).toMatch(/^\d+\.\d+$/);
    const order = await client.placeFixedExchange({
      foreign_id: 'contract-exchange-1',
      price: quote.price,
      sender_currency: 'BTC',
      receiver_currency: 'EUR',
      sender_amount: quote.sender_amount,
    });
    expect(order.status).toBe('processing');
    expect(order.type).toBe('exchange');
    expect(order.foreign_id).toBe('contract-exchange-1');
    const looked = await client.lookupTransaction({ id: Number(order.id) });
    expect(looked.transaction.type).toBe('exchange');
  });

  it('exchange/fixed with a price that was never quoted is a validation error', async () => {
    const error = await failureOf(
      client.placeFixedExchange({ foreign_id: 'contract-exchange-2', price: '1.5', sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '0.01' }),
    );
    expect(error.kind).toBe('validation');
  });

  it('invoices/create (201), then a duplicate foreign_id is refused on that field', async () => {
    const body = {
      timer: false,
      title: 'Contract invoice',
      foreign_id: 'contract-invoice-1',
      currency: 'EUR',
      amount: '25.50',
      url_success: 'https://shop.example.com/ok',
      url_failed: 'https://shop.example.com/failed',
      email_user: 'buyer@example.com',
      end_user_reference: 'customer-7',
      sender_type: 'legal' as const,
      sender_data: { legal_name: 'Acme GmbH', country_of_registration: 'DEU' },
    };
    const receipt = newReceipt();
    const invoice = await client.createInvoice(body, receipt);
    expect(invoice.status).toBe('created');
    expect(receipt).toMatchObject({ status: 201, text: expect.stringContaining('"contract-invoice-1"') });
    expect(receipt.durationMs).toBeGreaterThanOrEqual(0);
    expect(invoice.amount).toBe('25.50000000');
    expect(invoice.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    const refused = newReceipt();
    const duplicate = await failureOf(client.createInvoice(body, refused));
    expect(refused).toMatchObject({ status: 400, text: expect.stringContaining('already been taken') });
    expect(duplicate).toMatchObject({ kind: 'validation', fields: { foreign_id: expect.stringMatching(/already been taken/) } });
  });

  it('an amount under the pair minimum is a validation error on amount', async () => {
    const error = await failureOf(client.calculateQuote({ sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '0.00000001' }));
    expect(error).toMatchObject({ kind: 'validation', fields: { sender_amount: expect.any(String) } });
  });
});

describe('refusals mapped to typed errors', () => {
  it('an unknown key and a wrong secret are authentication errors with the service code', async () => {
    expect(await failureOf(clientFor({ key: 'nobody', secret: 'x' }).checkCredentials())).toMatchObject({ kind: 'authentication', code: 'bad_header_key' });
    expect(await failureOf(clientFor({ key: MERCHANT.key, secret: 'wrong' }).checkCredentials())).toMatchObject({
      kind: 'authentication',
      code: 'bad_header_signature',
    });
  });

  it("another merchant's transaction is not found", async () => {
    const theirs = sb.state(OTHER.key).transactions[0];
    expect(theirs).toBeDefined();
    expect((await failureOf(client.lookupTransaction({ id: theirs!.id }))).kind).toBe('not_found');
  });

  it('the 31st quote in a minute is rate limited, with the time of the next allowed call', async () => {
    sb.resetRateLimit();
    const quote = () => client.calculateQuote({ sender_currency: 'ETH', receiver_currency: 'USD', sender_amount: '1' });
    for (let i = 0; i < 30; i += 1) await quote();
    const error = await failureOf(quote());
    expect(error.kind).toBe('rate_limited');
    expect(error.kind === 'rate_limited' && error.retryAt).toBeGreaterThanOrEqual(clock + 60_000);
    sb.resetRateLimit();
  });

  it('a 500, an HTML 502 and malformed JSON become service and unexpected-response errors', async () => {
    const path = '/api/v2/currencies/pairs';
    sb.setFault(path, { kind: 'status-500' });
    expect(await failureOf(client.listPairs({}))).toMatchObject({ kind: 'service', status: 500 });
    sb.setFault(path, { kind: 'html-502' });
    expect(await failureOf(client.listPairs({}))).toMatchObject({ kind: 'service', status: 502 });
    sb.setFault(path, { kind: 'malformed-json' });
    expect((await failureOf(client.listPairs({}))).kind).toBe('unexpected_response');
    sb.clearFaults();
  });

  it('a POST whose answer is lost is outcome unknown with its foreign_id; a lookup is a plain network error', async () => {
    sb.setFault('/api/v2/invoices/create', { kind: 'reset' });
    const error = await failureOf(
      client.createInvoice({
        timer: false,
        title: 'Lost answer',
        foreign_id: 'contract-invoice-lost',
        currency: 'EUR',
        amount: '10',
        url_success: 'https://shop.example.com/ok',
        url_failed: 'https://shop.example.com/failed',
        email_user: 'buyer@example.com',
        end_user_reference: 'customer-8',
        sender_type: 'natural',
        sender_data: { first_name: 'Ada', last_name: 'Lovelace', date_of_birth: '1990-12-10' },
      }),
    );
    expect(error).toMatchObject({ kind: 'outcome_unknown', foreignId: 'contract-invoice-lost' });
    sb.setFault('/api/v2/transactions/info', { kind: 'reset' });
    expect((await failureOf(client.lookupTransaction({ id: 1 }))).kind).toBe('network');
    sb.clearFaults();
  });

  it('no answer at all runs into the response timeout', async () => {
    sb.setFault('/api/v2/currencies/pairs', { kind: 'no-response' });
    expect((await failureOf(clientFor(MERCHANT, { responseTimeoutMs: 300 }).listPairs({}))).kind).toBe('timeout');
    sb.clearFaults();
  });
});

describe('balances, deposit addresses and lookups by txid', () => {
  const NATURAL = { first_name: 'Ada', last_name: 'Lovelace', date_of_birth: '1990-12-10' };
  const address = (patch: Record<string, unknown> = {}) =>
    ({ currency: 'XRP', convert_to: 'EUR', foreign_id: 'contract-address-1', end_user_reference: 'customer-9', sender_type: 'natural', sender_data: NATURAL, ...patch }) as unknown as AddressTakeRequest;
  const balanceOf = async (currency: string) => (await client.listBalances()).balances.find((b) => b.currency === currency)?.balance ?? '';

  it('accounts/list: every currency, zeros included, exact; an exchange moves them by its amounts and fee', async () => {
    const { balances, unreadable } = await client.listBalances();
    expect(unreadable).toEqual([]);
    expect(balances.length).toBeGreaterThan(5);
    expect(balances.every((b) => /^\d+\.\d{8}$/.test(b.balance) && (b.type === 'crypto' || b.type === 'fiat'))).toBe(true);
    expect(balances.some((b) => /^0\.0+$/.test(b.balance))).toBe(true);
    const [eth, usd] = [await balanceOf('ETH'), await balanceOf('USD')];
    const quote = await client.calculateQuote({ sender_currency: 'ETH', receiver_currency: 'USD', sender_amount: '0.5' });
    await client.placeFixedExchange({ foreign_id: 'contract-balance-ex', price: quote.price, sender_currency: 'ETH', receiver_currency: 'USD', sender_amount: quote.sender_amount });
    expect(await balanceOf('ETH')).toBe(new Decimal(eth).minus(quote.sender_amount).minus(quote.fee_amount).toFixed(8));
    expect(await balanceOf('USD')).toBe(new Decimal(usd).plus(quote.receiver_amount).toFixed(8));
  });

  it('addresses/take: 201 with the tag a memo currency needs and convert_to; a second take under the foreign id is refused', async () => {
    const receipt = newReceipt();
    const taken = await client.takeAddress(address(), receipt);
    expect(receipt.status).toBe(201);
    expect(taken).toMatchObject({ currency: 'XRP', convert_to: 'EUR', foreign_id: 'contract-address-1', tag: expect.stringMatching(/^\d+$/), address: expect.stringMatching(/^r/) });
    const duplicate = await failureOf(client.takeAddress(address({ currency: 'BTC' })));
    expect(duplicate).toMatchObject({ kind: 'validation', fields: { foreign_id: 'The foreign id has already been taken.' } });
  });

  it.each([
    ['currency', { currency: 'GBP' }, 'must be a cryptocurrency'],
    ['currency', { currency: 'NOPE' }, 'is invalid'],
    ['foreign_id', { foreign_id: 'x'.repeat(256) }, 'greater than 255'],
    ['foreign_id', { foreign_id: 'ada@example.com' }, 'personal data'],
    ['end_user_reference', { end_user_reference: 'ada@example.com' }, 'personal data'],
    ['convert_to', { convert_to: 'XRP' }, 'must be different'],
    ['convert_to', { convert_to: 'TRX' }, 'not available'],
    ['sender_type', { sender_type: 'robot' }, 'is invalid'],
    ['sender_data.date_of_birth', { sender_data: { ...NATURAL, date_of_birth: '2999-01-01' } }, 'before today'],
    ['sender_data.country_of_registration', { sender_type: 'legal', sender_data: { legal_name: 'Acme GmbH', country_of_registration: 'XXX' } }, 'is invalid'],
  ])('addresses/take refuses %s (%o)', async (field, patch, words) => {
    const error = await failureOf(client.takeAddress(address({ foreign_id: `contract-address-${field}`, ...patch })));
    expect(error).toMatchObject({ kind: 'validation', fields: { [field]: expect.stringContaining(words) } });
  });

  it('transactions/info by txid finds a paid invoice’s deposit for its merchant only; a malformed hash is refused', async () => {
    const invoice = await client.createInvoice({ ...sampleInvoice('contract-txid-invoice'), currency: 'BTC', amount: '0.01' });
    const paid = sb.payInvoice(invoice.id, { amount: '0.01' });
    const byId = await client.lookupTransaction({ id: paid.transactionId });
    const entry = byId.transaction.transactions[0];
    const hash = entry && 'txid' in entry && typeof entry.txid === 'string' ? entry.txid : '';
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    const byTxid = await client.lookupTransaction({ txid: hash });
    expect(byTxid.transaction).toEqual(byId.transaction);
    expect((await failureOf(clientFor(OTHER).lookupTransaction({ txid: hash }))).kind).toBe('not_found');
    expect(await failureOf(client.lookupTransaction({ txid: 12345 } as unknown as TransactionLookupRequest))).toMatchObject({
      kind: 'validation',
      fields: { txid: 'The txid must be a string.' },
    });
  });

  it('a service error: a 500 is service for reads, outcome unknown for a take under a foreign id', async () => {
    sb.setFault('/api/v2/accounts/list', { kind: 'status-500' });
    expect(await failureOf(client.listBalances())).toMatchObject({ kind: 'service', status: 500 });
    sb.setFault('/api/v2/transactions/info', { kind: 'html-502' });
    expect(await failureOf(client.lookupTransaction({ txid: 'ab'.repeat(32) }))).toMatchObject({ kind: 'service', status: 502 });
    sb.setFault('/api/v2/addresses/take', { kind: 'status-500' });
    expect(await failureOf(client.takeAddress(address({ foreign_id: 'contract-address-500' })))).toMatchObject({ kind: 'outcome_unknown', foreignId: 'contract-address-500' });
    sb.clearFaults();
  });

  it('a network failure: a reset is network for reads and outcome unknown for a take; nothing reached is network for all', async () => {
    sb.setFault('/api/v2/accounts/list', { kind: 'reset' });
    expect((await failureOf(client.listBalances())).kind).toBe('network');
    sb.setFault('/api/v2/addresses/take', { kind: 'reset' });
    expect(await failureOf(client.takeAddress(address({ foreign_id: 'contract-address-reset' })))).toMatchObject({ kind: 'outcome_unknown', foreignId: 'contract-address-reset' });
    sb.clearFaults();
    const port = await freePort();
    const nowhere = createProcessingClient({ baseUrl: `http://127.0.0.1:${port}/api/v2`, apiKey: MERCHANT.key, secret: MERCHANT.secret });
    for (const call of [nowhere.listBalances(), nowhere.takeAddress(address({ foreign_id: 'contract-address-nowhere' })), nowhere.lookupTransaction({ txid: 'ab'.repeat(32) })]) {
      expect((await failureOf(call)).kind).toBe('network');
    }
  });
});

function sampleInvoice(foreignId: string) {
  return {
    timer: false,
    title: 'Contract invoice',
    foreign_id: foreignId,
    currency: 'EUR',
    amount: '25',
    url_success: 'https://shop.example.com/ok',
    url_failed: 'https://shop.example.com/failed',
    email_user: 'buyer@example.com',
    end_user_reference: 'customer-9',
  };
}
