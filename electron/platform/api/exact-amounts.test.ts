import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairList } from '../../../shared/ipc/contract.ts';
import { expectedDecimal, jsonNumberText } from '../../../shared/money/testing/json-numbers.ts';
import { createProcessingClient } from './client.ts';
import type { ProcessingClient } from './client.ts';
import { startLoopbackServer } from './loopback-server.ts';
import type { LoopbackServer } from './loopback-server.ts';
import { API_KEY, SECRET, failureOf, fixedRequest, invoiceRequest } from './test-fixtures.ts';

/**
 * Exact amounts, through the real response path: the real client (signing, HTTP on loopback,
 * lossless parsing, the shared schemas) reads answers whose amounts and rates are JSON numbers of
 * any form, bare or in strings, and every one comes out as the exact decimal the BigInt reference
 * in shared/money/testing computes, or as the failure that names the field.
 */

const SEED = Number(process.env['FUZZ_SEED'] ?? 12_2025);
const RUNS = 150;
const MARK = '__AMOUNT__';

/** A body with `MARK` in place of one amount; it is swapped for the number, bare or quoted. */
const embed = (body: unknown, text: string, asString: boolean) => JSON.stringify(body).replace(`"${MARK}"`, asString ? `"${text}"` : text);

const QUOTE = { sender_amount: '1', sender_currency: 'BTC', receiver_amount: '8549.8168', receiver_currency: 'EUR', fee_amount: '85.498168', fee_currency: 'BTC', price: '8549.8168', ts_fixed: 1564293159, ts_release: 1564293219, fix_period: 60 };
const ORDER = { sender_currency: 'BTC', sender_amount: '0.003', receiver_currency: 'EUR', receiver_amount: '231.94279333', fee_currency: 'BTC', fee_amount: '0.00015', price: '77314.26444333', id: 134704049, foreign_id: 'fx-0250', type: 'exchange', status: 'processing' };
const INVOICE = { id: 826900, url: 'https://invoices.sandbox.cryptoprocessing.com/invoice/Jyf1cQ', foreign_id: 'inv-1001', end_user_reference: 'customer-77', address: null, title: 'Order', status: 'created', currency: 'EUR', amount: '100.00000000', sender_currency: 'BTC', sender_amount: '0.0012', fixed_at: null, release_at: null, seconds_left: null };
const pairOf = (from: string, rate: string) => ({ currency_from: { currency: from, type: 'crypto', min_amount: '0.0001', min_amount_deposit_with_exchange: '0.0001' }, currency_to: { currency: 'EUR', type: 'fiat' }, rate_from: '1', rate_to: rate });
const PAIRS = [pairOf('BTC', '20693.84879354'), pairOf('ETH', '1500.5'), pairOf('LTC', '70.25')];
const TRANSACTION = {
  id: 42,
  status: 'confirmed',
  currency_sent: { currency: 'BTC', amount: '0.003' },
  currency_received: { currency: 'BTC', amount: '0.003', amount_minus_fee: '0.00285' },
  fees: [{ type: 'mining', currency: 'BTC', amount: '0.0001' }, { type: 'deposit', currency: 'BTC', amount: '0.00005' }],
  transactions: [
    { id: 7, currency: 'BTC', transaction_type: 'blockchain', type: 'deposit', address: 'bc1q', tag: null, amount: '0.003', txid: 'ab12', riskscore: '0.1', confirmations: '9' },
    { id: 8, currency: 'BTC', transaction_type: 'exchange', type: 'exchange', amount: '0.003', currency_to: 'EUR', amount_to: '61.5' },
  ],
};

/** With MARK put at `path` inside a copy of `base`. */
function marked<T>(base: T, path: readonly (string | number)[]): T {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  target[path[path.length - 1] as string | number] = MARK;
  return copy as T;
}

const at = (value: unknown, path: readonly (string | number)[]): unknown =>
  path.reduce<unknown>((current, key) => (current as Record<string | number, unknown>)[key], value);

let server: LoopbackServer;
let client: ProcessingClient;
beforeAll(async () => {
  server = await startLoopbackServer();
  client = createProcessingClient({ baseUrl: server.baseUrl, apiKey: API_KEY, secret: SECRET });
});
afterAll(() => server?.close());

const amountText = fc.tuple(jsonNumberText, fc.boolean());

/** One whole answer (not a list element) per case: the field reads exactly, or the call fails naming it. */
type WholeCase = { name: string; fields: string[]; body: (field: string) => unknown; call: () => Promise<unknown>; pick: (value: unknown, field: string) => unknown; failure: (field: string) => object };

const WHOLE: WholeCase[] = [
  {
    name: 'exchange/calculate',
    fields: ['sender_amount', 'receiver_amount', 'fee_amount', 'price'],
    body: (field) => ({ data: marked(QUOTE, [field]) }),
    call: () => client.calculateQuote({ sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '1' }),
    pick: (value, field) => at(value, [field]),
    failure: (field) => ({ kind: 'unexpected_response', field: `data.${field}` }),
  },
  {
    name: 'exchange/fixed',
    fields: ['sender_amount', 'receiver_amount', 'fee_amount', 'price'],
    body: (field) => ({ data: marked(ORDER, [field]) }),
    call: () => client.placeFixedExchange(fixedRequest),
    pick: (value, field) => at(value, [field]),
    // A yes that cannot be read, to a call that moves money: nobody can say what was placed.
    failure: () => ({ kind: 'outcome_unknown', foreignId: fixedRequest.foreign_id }),
  },
  {
    name: 'invoices/create',
    fields: ['amount', 'sender_amount'],
    body: (field) => ({ data: marked(INVOICE, [field]) }),
    call: () => client.createInvoice(invoiceRequest),
    pick: (value, field) => at(value, [field]),
    failure: () => ({ kind: 'outcome_unknown', foreignId: invoiceRequest.foreign_id }),
  },
  {
    name: 'transactions/info',
    fields: ['currency_sent.amount', 'currency_received.amount', 'currency_received.amount_minus_fee'],
    body: (field) => marked(TRANSACTION, field.split('.')),
    call: () => client.lookupTransaction({ id: 42 }),
    pick: (value, field) => at(value, ['transaction', ...field.split('.')]),
    failure: (field) => ({ kind: 'unexpected_response', field }),
  },
];

describe('amounts in any JSON number form, through the client', () => {
  it.each(WHOLE.map((c, index) => [c.name, index] as const))('%s: every amount reads as its exact decimal, or fails naming the field', async (_name, index) => {
    const endpoint = WHOLE[index]!;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...endpoint.fields), amountText, async (field, [text, asString]) => {
        server.answer({ status: 201, body: embed(endpoint.body(field), text, asString) });
        const expected = expectedDecimal(text);
        if (expected === null) expect(await failureOf(endpoint.call())).toMatchObject(endpoint.failure(field));
        else expect(endpoint.pick(await endpoint.call(), field)).toBe(expected);
      }),
      { numRuns: RUNS, seed: SEED + index },
    );
  });

  it('pairs, fees and entries: an element in any form reads exactly; one beyond an amount is set aside, the rest still arrive', async () => {
    const pairs = async () => {
      const { pairs: items, unreadable } = await client.listPairs({});
      return { items, unreadable };
    };
    const fees = async () => {
      const { transaction, unreadable } = await client.lookupTransaction({ id: 42 });
      return { items: transaction.fees, unreadable: unreadable.fees };
    };
    const entries = async () => {
      const { transaction, unreadable } = await client.lookupTransaction({ id: 42 });
      return { items: transaction.transactions, unreadable: unreadable.transactions };
    };
    const lists = [
      { body: { data: PAIRS }, list: ['data'], index: 1, field: ['rate_to'], read: pairs },
      { body: { data: PAIRS }, list: ['data'], index: 1, field: ['currency_from', 'min_amount'], read: pairs },
      { body: TRANSACTION, list: ['fees'], index: 1, field: ['amount'], read: fees },
      { body: TRANSACTION, list: ['transactions'], index: 1, field: ['amount_to'], read: entries },
      { body: TRANSACTION, list: ['transactions'], index: 0, field: ['riskscore'], read: entries },
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...lists), amountText, async (list, [text, asString]) => {
        server.answer({ status: 200, body: embed(marked(list.body, [...list.list, list.index, ...list.field]), text, asString) });
        const sent = at(list.body, list.list) as unknown[];
        const { items, unreadable } = await list.read();
        const expected = expectedDecimal(text);
        if (expected === null) {
          expect(items).toHaveLength(sent.length - 1);
          expect(unreadable).toEqual([expect.objectContaining({ index: list.index, field: list.field.join('.') })]);
          return;
        }
        expect(unreadable).toEqual([]);
        expect(at(items[list.index], list.field)).toBe(expected);
        // The elements around it are untouched (the samples are plain decimals already).
        for (const [i, item] of sent.entries()) if (i !== list.index) expect(at(items[i], list.field)).toBe(at(item, list.field));
      }),
      { numRuns: RUNS * 2, seed: SEED },
    );
  });

  it('a pairs answer with one element in exponent form shows every pair exactly, across IPC too', async () => {
    const body = JSON.stringify({ data: PAIRS })
      .replace('"20693.84879354"', '2.069384879354E+4')
      .replace('"0.0001"', '"1e-4"');
    server.answer({ status: 200, body });
    const { pairs, unreadable } = await client.listPairs({});
    expect(unreadable).toEqual([]);
    expect(pairs.map((p) => [p.currency_from.currency, p.rate_to, p.currency_from.min_amount])).toEqual([
      ['BTC', '20693.84879354', '0.0001'],
      ['ETH', '1500.5', '0.0001'],
      ['LTC', '70.25', '0.0001'],
    ]);
    // The contract checks the answer again on its way to the renderer: the plain digits pass as they are.
    const crossing = pairList.parse({ pairs, unreadable, fetchedAt: '2026-01-01T00:00:00.000Z', staleBecause: null });
    expect(crossing.pairs.map((p) => p.rate_to)).toEqual(['20693.84879354', '1500.5', '70.25']);
  });
});
