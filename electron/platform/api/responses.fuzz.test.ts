import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { exchangeOrder, invoice, pair, quote, transaction, unreadableElement, unreadableParts } from '../../../shared/api/index.ts';
import { appError, isAppFailure } from '../../../shared/ipc/errors.ts';
import { jsonNumber, parseJsonLossless, stringifyJson } from '../../../shared/money/index.ts';
import { expectedDecimal } from '../../../shared/money/testing/json-numbers.ts';
import { createProcessingClient } from './client.ts';
import type { ProcessingClient } from './client.ts';
import { startLoopbackServer } from './loopback-server.ts';
import type { LoopbackServer } from './loopback-server.ts';
import { API_KEY, SECRET, fixedRequest, invoiceRequest, transactionAnswer } from './test-fixtures.ts';
import { secretIn, settleWithin, stackTraceIn } from './testing/fuzz-checks.ts';
import { sandboxAnswers } from './testing/sandbox-answers.ts';
import { HUGE_NUMBER_TEXTS, answerValue, damagedText, jsonNumberText, mutated, oddKey, oddText } from './testing/mutations.ts';

/**
 * Fuzzing the service's answers, which must never crash or hang the client: the real client (real signing, real HTTP) against a
 * loopback server that answers each call with a body and status the fuzzer picks. The bodies start
 * from valid ones (the samples of docs/service-interface.md and what the local sandbox answers) and are mutated:
 * wrong types, missing and extra fields, huge numbers, odd Unicode, cut at any point, not JSON at
 * all, HTML, the two error shapes. Every call either resolves with a value the shared schema
 * accepts, or rejects with an AppFailure whose error is a typed AppError; never anything else, and
 * it never hangs. Then parseJsonLossless on its own: nothing but a SyntaxError, and numbers exact.
 *
 * The seed is fixed so that a run is repeatable; FUZZ_SEED=<n> explores other bodies.
 */

const SEED = Number(process.env['FUZZ_SEED'] ?? 6_2025);
/** Per endpoint; with the amounts and the parser's own properties, about 7,000 cases in all. */
const RUNS_PER_ENDPOINT = 800;
const PARSER_RUNS = 1_000;

/** The sample bodies of docs/service-interface.md ("Sample bodies"), verbatim. */
const FIELD_NOTES = {
  quote:
    '{"data":{"sender_amount":1,"sender_currency":"BTC","receiver_amount":"8549.81680000","receiver_currency":"EUR","fee_amount":"85.49816800","fee_currency":"BTC","price":"8549.81680000","ts_fixed":1564293159,"ts_release":1564293219,"fix_period":60}}',
  order:
    '{"data":{"sender_currency":"BTC","sender_amount":"0.00300000","receiver_currency":"EUR","receiver_amount":"231.94279333","fee_currency":"BTC","fee_amount":"0.00015000","price":"77314.26444333","id":134704049,"foreign_id":"test_foreign_id_0250","type":"exchange","status":"processing"}}',
  pairs:
    '{"data":[{"currency_from":{"currency":"BTC","type":"crypto","min_amount":"0.00010000","min_amount_deposit_with_exchange":"0.00010000"},"currency_to":{"currency":"EUR","type":"fiat"},"rate_from":"1","rate_to":"20693.84879354"}]}',
  invoice:
    '{"data":{"id":826900,"url":"https://invoices.sandbox.cryptoprocessing.com/invoice/Jyf1cQ","foreign_id":"test_foreign_id_0344","end_user_reference":"12345","address":null,"title":"Invoice Title","status":"created","currency":"EUR","amount":"100.00000000","sender_currency":null,"sender_amount":null,"fixed_at":null,"release_at":null,"seconds_left":null}}',
};

type Endpoint = {
  name: string;
  call: (client: ProcessingClient) => Promise<unknown>;
  /** Whether a resolved value is what the shared schema describes (`body` is what was sent). */
  fits: (value: unknown, body: string) => boolean;
  /** A money-moving POST: a 2xx it cannot read is an unknown outcome, never a plain error. */
  movesMoney: boolean;
  /** Valid bodies to mutate; the local sandbox's are added before the runs. */
  samples: string[];
};

const ENDPOINTS: Endpoint[] = [
  {
    name: 'transactions/info',
    call: (client) => client.lookupTransaction({ id: 42 }),
    fits: (value, body) => {
      const { transaction: found, unreadable, raw } = value as { transaction: unknown; unreadable: unknown; raw: unknown };
      // `raw` is what arrived: the body as UTF-8 carried it (a lone surrogate arrives as U+FFFD).
      return transaction.safeParse(found).success && unreadableParts.safeParse(unreadable).success && raw === Buffer.from(body, 'utf8').toString('utf8');
    },
    movesMoney: false,
    samples: [transactionAnswer],
  },
  {
    name: 'exchange/calculate',
    call: (client) => client.calculateQuote({ sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '1' }),
    fits: (value) => quote.safeParse(value).success,
    movesMoney: false,
    samples: [FIELD_NOTES.quote],
  },
  {
    name: 'currencies/pairs',
    call: (client) => client.listPairs({}),
    fits: (value) => pairsAnswer.safeParse(value).success,
    movesMoney: false,
    samples: [FIELD_NOTES.pairs],
  },
  {
    name: 'invoices/create',
    call: (client) => client.createInvoice(invoiceRequest),
    fits: (value) => invoice.safeParse(value).success,
    movesMoney: true,
    samples: [FIELD_NOTES.invoice],
  },
  {
    name: 'exchange/fixed',
    call: (client) => client.placeFixedExchange(fixedRequest),
    fits: (value) => exchangeOrder.safeParse(value).success,
    movesMoney: true,
    samples: [FIELD_NOTES.order],
  },
];

/** What listPairs resolves with: the pairs read, and those set aside. */
const pairsAnswer = z.object({ pairs: z.array(pair), unreadable: z.array(unreadableElement) }).strict();

const byName = (name: string): Endpoint => {
  const endpoint = ENDPOINTS.find((candidate) => candidate.name === name);
  if (!endpoint) throw new Error(`no endpoint ${name}`);
  return endpoint;
};

/** Real answers of the local sandbox, one per example transaction and one per other endpoint. */
async function addSandboxSamples(): Promise<void> {
  const answers = await sandboxAnswers();
  byName('transactions/info').samples.push(...answers.transactions);
  byName('currencies/pairs').samples.push(answers.pairs);
  byName('exchange/calculate').samples.push(answers.quote);
  byName('exchange/fixed').samples.push(answers.order);
  byName('invoices/create').samples.push(answers.invoice);
}

/** A value put into a body; the key or secret echoed back among them. */
const jsonValue = answerValue([SECRET, `key ${API_KEY} is not known`]);

/** A whole JSON text, as stringifyJson writes it; the value left out altogether is an empty body. */
const asText = (value: unknown): string => (value === undefined ? '' : stringifyJson(value));

const NOT_JSON: readonly string[] = [
  '',
  ' ',
  'OK',
  'null',
  'true',
  '"data"',
  '[]',
  '{}',
  '{"data":null}',
  '{"data":[]}',
  '<html><head><title>502 Bad Gateway</title></head><body><center>nginx</center></body></html>',
  '<!DOCTYPE html><html><body>Too Many Requests</body></html>',
  'Too Many Requests',
  'No parameters present',
  'Validation Exception: more than one param is present',
  '\uFEFF{"data":{}}',
  '{"data":',
  '{"data":{}} trailing',
  '{"a":1,"a":2}',
  'NaN',
  ...HUGE_NUMBER_TEXTS,
];

/** The two error shapes of docs/service-interface.md ("Error bodies"), with odd fields and messages. */
const errorBody: fc.Arbitrary<string> = fc.oneof(
  fc
    .dictionary(oddKey, fc.oneof(oddText, fc.array(oddText, { maxLength: 3 }), jsonValue), { maxKeys: 4 })
    .map((errors) => asText({ errors })),
  fc
    .record(
      {
        error: fc.oneof(oddText, jsonValue, fc.constantFrom(`Bad key ${API_KEY}`, `secret ${SECRET} refused`)),
        code: fc.oneof(fc.constantFrom('bad_header_key', 'bad_header_signature', 'required_header_key', 'required_header_signature', 'bad_content_format'), oddText),
        message: oddText,
      },
      { requiredKeys: [] },
    )
    .map(asText),
);

/** Arrays or objects nested far deeper than any answer. */
const deepBody = fc
  .tuple(fc.integer({ min: 50, max: 20_000 }), fc.constantFrom(['[', ']'] as const, ['{"a":', '}'] as const))
  .map(([depth, [open, close]]) => `{"data":${open.repeat(depth)}1${close.repeat(depth)}}`);

function bodyFor(endpoint: Endpoint): fc.Arbitrary<string> {
  const parsed = endpoint.samples.map(parseJsonLossless);
  return fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom(...endpoint.samples) },
    { weight: 8, arbitrary: fc.oneof(...parsed.map((sample) => mutated(sample, jsonValue).map(asText))) },
    { weight: 2, arbitrary: fc.constantFrom(...endpoint.samples).chain(damagedText) },
    { weight: 2, arbitrary: errorBody },
    { weight: 1, arbitrary: fc.oneof(fc.constantFrom(...NOT_JSON), fc.string({ unit: 'binary', maxLength: 200 })) },
    { weight: 1, arbitrary: fc.oneof(fc.jsonValue().map(asText), deepBody) },
  );
}

const statusCode = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(200, 201) },
  { weight: 1, arbitrary: fc.constantFrom(202, 203, 204, 206, 299) },
  { weight: 3, arbitrary: fc.constantFrom(400, 401, 403, 404, 409, 418, 422, 429, 499) },
  { weight: 2, arbitrary: fc.constantFrom(500, 502, 503, 504, 599) },
  { weight: 1, arbitrary: fc.constantFrom(300, 301, 302, 307) },
);
const contentType = fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/html', 'text/plain');

let server: LoopbackServer;
let client: ProcessingClient;

beforeAll(async () => {
  await addSandboxSamples();
  server = await startLoopbackServer();
  client = createProcessingClient({ baseUrl: server.baseUrl, apiKey: API_KEY, secret: SECRET });
});
afterAll(async () => {
  await server?.close();
});

const is2xx = (status: number) => status >= 200 && status < 300;

/** One call answered with `body`, and everything that must hold of how it settled. */
async function answerAndCheck(endpoint: Endpoint, status: number, body: string, type: string): Promise<'resolved' | 'rejected'> {
  server.requests.length = 0;
  server.answer({ status, body, contentType: type });
  const settled = await settleWithin(endpoint.call(client), `the ${endpoint.name} call`);
  if (endpoint.movesMoney) expect(server.requests, 'a money-moving POST is sent exactly once').toHaveLength(1);
  if (settled.fulfilled) {
    expect(is2xx(status), `resolved on HTTP ${status}`).toBe(true);
    expect(endpoint.fits(settled.value, body), 'the value fits the shared schema').toBe(true);
    return 'resolved';
  }
  const { reason } = settled;
  if (!isAppFailure(reason)) throw new Error(`rejected with something other than an AppFailure: ${String(reason)}`);
  expect(appError.safeParse(reason.error).success, 'the error is a typed AppError').toBe(true);
  expect(stackTraceIn(reason.error), 'the error carries a stack trace').toBeNull();
  expect(secretIn(reason.error, [SECRET, API_KEY]), 'the error carries the key or secret').toBeNull();
  if (endpoint.movesMoney && is2xx(status)) expect(reason.error.kind, 'an unreadable yes to a money-moving POST').toBe('outcome_unknown');
  return 'rejected';
}

describe('the client, fuzzed with the service answers it may get', () => {
  it('reads every valid sample body as it is', async () => {
    for (const endpoint of ENDPOINTS) {
      expect(endpoint.samples.length, endpoint.name).toBeGreaterThan(1);
      for (const body of endpoint.samples) {
        server.answer({ status: 201, body });
        expect(endpoint.fits(await endpoint.call(client), body), `${endpoint.name}: ${body}`).toBe(true);
      }
    }
  });

  it.each(ENDPOINTS.map((endpoint, index) => [endpoint.name, index] as const))(
    '%s: any body and status gives a value the schema accepts or a typed AppFailure',
    async (_name, index) => {
      const endpoint = ENDPOINTS[index]!;
      const outcomes = { resolved: 0, rejected: 0 };
      await fc.assert(
        fc.asyncProperty(bodyFor(endpoint), statusCode, contentType, async (body, status, type) => {
          outcomes[await answerAndCheck(endpoint, status, body, type)] += 1;
        }),
        { numRuns: RUNS_PER_ENDPOINT, seed: SEED + index },
      );
      // Both ways out are exercised: mutated bodies that still read, and ones that do not.
      expect(outcomes.resolved, 'calls that resolved').toBeGreaterThan(RUNS_PER_ENDPOINT / 100);
      expect(outcomes.rejected, 'calls that rejected').toBeGreaterThan(RUNS_PER_ENDPOINT / 100);
    },
    120_000,
  );

  it('amounts that arrive as bare JSON numbers, in any form, come out as their exact plain decimal, or as unexpected_response', async () => {
    const sample = parseJsonLossless(FIELD_NOTES.quote) as { data: Record<string, unknown> };
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('sender_amount', 'receiver_amount', 'fee_amount', 'price'), jsonNumberText, async (field, text) => {
        server.answer({ status: 200, body: asText({ data: { ...sample.data, [field]: jsonNumber(text) } }) });
        const settled = await settleWithin(client.calculateQuote({ sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '1' }), 'the quote');
        // The BigInt reference of shared/money/testing: null for a value beyond any amount.
        const expected = expectedDecimal(text);
        if (expected !== null) {
          expect(settled).toMatchObject({ fulfilled: true, value: { [field]: expected } });
        } else {
          expect(settled).toMatchObject({ fulfilled: false, reason: { error: { kind: 'unexpected_response', field: `data.${field}` } } });
        }
      }),
      { numRuns: RUNS_PER_ENDPOINT, seed: SEED },
    );
  });
});

/** How parseJsonLossless gives a number back: a small integer as a number (so "-0" is 0), anything else as its own text. */
const parsedNumber = (text: string): number | string => (/^-?\d{1,15}$/.test(text) ? Number(text) : text);

describe('parseJsonLossless on its own', () => {
  const anyText = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 100 }),
    fc.string({ unit: fc.constantFrom('{', '}', '[', ']', '"', ':', ',', '\\', '1', '.', 'e', '-', ' ', 'n', 'u', 'l'), maxLength: 60 }),
    fc.json().chain(damagedText),
    fc.jsonValue().map((value) => JSON.stringify(value)),
    fc.constantFrom(...NOT_JSON),
    deepBody,
  );

  it('answers a value or throws a SyntaxError, nothing else, whatever the text', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        try {
          parseJsonLossless(text);
        } catch (error) {
          expect(error, `threw ${String(error)}`).toBeInstanceOf(SyntaxError);
        }
      }),
      { numRuns: PARSER_RUNS, seed: SEED },
    );
  });

  it('keeps a long JSON number digit for digit, in and out', () => {
    fc.assert(
      fc.property(jsonNumberText, (text) => {
        expect(parseJsonLossless(`{"amount":${text}}`)).toEqual({ amount: parsedNumber(text) });
        expect(parseJsonLossless(`[${text}, "x"]`)).toEqual([parsedNumber(text), 'x']);
        expect(stringifyJson({ amount: jsonNumber(text) })).toBe(`{"amount":${text}}`);
      }),
      { numRuns: PARSER_RUNS, seed: SEED },
    );
  });
});
