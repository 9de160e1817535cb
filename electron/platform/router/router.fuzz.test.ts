import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNELS, contract, isChannel } from '../../../shared/ipc/contract.ts';
import type { Channel } from '../../../shared/ipc/contract.ts';
import { appError, envelopeOf } from '../../../shared/ipc/errors.ts';
import type { Envelope } from '../../../shared/ipc/errors.ts';
import { secretIn, settleWithin, stackTraceIn } from '../api/testing/fuzz-checks.ts';
import { ANYTHING, hugeValue, mutated, oddText } from '../api/testing/mutations.ts';
import { LOCAL_SANDBOX_ID } from '../profiles/profile-book.ts';
import { accountsOf, createMemorySecretStore } from '../profiles/secret-store.ts';
import { createMainServices } from '../../app/main-services.ts';
import type { MainServices } from '../../app/main-services.ts';
import { PAYOUT_FILE, PAYOUT_PARTIES } from '../../withdrawals/testing/payout-file.ts';
import { WITHDRAWAL_FORM } from '../../withdrawals/testing/withdrawal-steps.ts';

/**
 * Fuzzing the IPC surface, which a compromised renderer may call with anything: every channel of the contract, through the real router of the
 * real main services (the local sandbox on loopback, a real journal file, secrets in memory), with
 * thousands of payloads: anything at all, and valid requests with one field removed, retyped,
 * made huge or filled with odd Unicode. Each call settles with an Envelope; an error is a typed
 * AppError with no stack trace and no secret in it; and no handler ever fails with anything but
 * a typed error (main's log would say so).
 *
 * The seed is fixed so that a run is repeatable; FUZZ_SEED=<n> explores other payloads.
 */

const SEED = Number(process.env['FUZZ_SEED'] ?? 6_2025);
/** Per channel; with the unknown channel names, about 8,000 calls in all. */
const RUNS_PER_CHANNEL = 400;
const UNKNOWN_CHANNEL_RUNS = 400;

const SAMPLE_API_KEY = 'pk_fuzz_KEY_7c41d9';
const SAMPLE_SECRET = 'sk_fuzz_SECRET_e02b5a';

/** A valid request of each channel, to mutate one field at a time. A channel missing here still gets fc.anything(). */
const VALID: Partial<Record<Channel, readonly Record<string, unknown>[]>> = {
  'app.info': [{}],
  'profiles.list': [{}],
  'profiles.save': [
    { name: 'Fuzz shop', baseUrl: 'https://app.sandbox.cryptoprocessing.com/api/v2', apiKey: SAMPLE_API_KEY, secret: SAMPLE_SECRET },
    { id: LOCAL_SANDBOX_ID, name: 'Local sandbox', baseUrl: 'http://127.0.0.1:1/api/v2' },
  ],
  'profiles.remove': [{ id: LOCAL_SANDBOX_ID }],
  'profiles.select': [{ id: LOCAL_SANDBOX_ID }],
  'profiles.test': [{ id: LOCAL_SANDBOX_ID }],
  // Nothing listens on port 1: the test fails fast, and explains.
  'profiles.testTeamJournal': [{ teamJournal: { host: '127.0.0.1', port: 1, database: 'finance', user: 'console', caFile: null }, teamJournalPassword: 'pw' }],
  'profiles.uploadHistory': [{ id: LOCAL_SANDBOX_ID }],
  'identity.get': [{}],
  'identity.set': [{ displayName: 'Fuzz Person' }],
  'transactions.lookup': [{ id: 134_700_001 }, { foreign_id: '164' }, { txid: '3950ad8149421a850d01dff88f024810e363ac18c9e8dd9bc0b9116e7937ad93' }],
  'accounts.list': [{}],
  'addresses.take': [
    {
      currency: 'XRP',
      convert_to: 'EUR',
      foreign_id: 'addr-fuzz-1',
      end_user_reference: 'customer-1',
      sender_type: 'natural',
      sender_data: { first_name: 'Ada', last_name: 'Lovelace', date_of_birth: '1990-01-02', email: 'ada@example.com' },
    },
  ],
  'pairs.list': [{ currency_from: 'BTC', currency_to: 'EUR', refresh: true }],
  'quotes.calculate': [{ sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '0.01' }],
  'quotes.budget': [{}],
  // A quote id main never gave out: main refuses it, so no exchange is ever placed here.
  'exchange.place': [{ quoteId: 'quote-fuzz-1', foreignId: 'fx-fuzz-1' }],
  // Drafts only: nobody answers main's dialog here, so no approval and no withdrawal alone is ever given.
  'withdrawals.draft': [WITHDRAWAL_FORM],
  'withdrawals.list': [{}],
  'withdrawals.story': [{ foreignId: 'wdr-20261127-abc' }],
  'withdrawals.alone': [{}],
  'withdrawals.approve': [{ draftId: 1 }],
  'withdrawals.reject': [{ draftId: 1, reason: 'Fuzz' }],
  'withdrawals.importBatch': [{ csv: PAYOUT_FILE(2), ...PAYOUT_PARTIES }],
  'withdrawals.approveBatch': [{ batchId: 'pay-20260101-fuzz' }],
  'withdrawals.batch': [{ batchId: 'pay-20260101-fuzz' }],
  // withdrawals.setAlone is left to fc.anything(): every mutation of its one boolean field is refused by the contract.
  'invoices.create': [
    {
      timer: true,
      title: 'Order 1001',
      foreign_id: 'inv-fuzz-1',
      currency: 'EUR',
      amount: '100.50',
      url_success: 'https://shop.example.com/ok',
      url_failed: 'https://shop.example.com/failed',
      email_user: 'buyer@example.com',
      type: 'fill_or_kill',
      end_user_reference: 'customer-1',
      description: 'Two chairs',
      sender_currency: 'BTC',
      sender_type: 'natural',
      sender_data: { first_name: 'Ada', last_name: 'Lovelace', date_of_birth: '1990-01-02', email: 'ada@example.com' },
    },
  ],
  'shell.openPaymentPage': [{ url: 'https://invoices.sandbox.cryptoprocessing.com/invoice/Jyf1cQ' }],
  'journal.search': [
    { text: 'fx', operation: 'exchange.place', state: 'failed', serviceStatus: 'processing', from: '2025-01-01', to: '2030-12-31', limit: 10, offset: 0 },
  ],
  'journal.get': [{ id: 1 }],
  'journal.attention': [{}],
  'journal.resolve': [{ id: 1, state: 'succeeded', note: 'Checked in the back office' }],
  'journal.exportCsv': [{ operation: 'transactions.lookup', limit: 5 }],
  'reports.disputePdf': [{ id: 1 }],
};

/** What a renderer could put in a field: any value, a huge number, odd text, or a plain one that may well be valid. */
const fieldValue = fc.oneof(fc.anything(ANYTHING), hugeValue, oddText, fc.integer({ min: -2, max: 200 }), fc.string({ maxLength: 30 }));

function payloadFor(channel: Channel): fc.Arbitrary<unknown> {
  const bases = VALID[channel] ?? [{}];
  return fc.oneof(
    { arbitrary: fc.anything(ANYTHING), weight: 1 },
    ...bases.map((base) => ({ arbitrary: mutated(base, fieldValue), weight: 3 })),
  );
}

/** Main's log lines that mean a handler failed with something other than a typed error. */
const UNTYPED_FAILURES = ['a handler failed', 'a request schema threw', 'a handler answered outside the contract', 'a handler threw a malformed AppError'];

let dataDir: string;
let services: MainServices;
/**
 * The keys and secrets no error may carry: the local sandbox's (made by the app) and the sample
 * profile's. Fuzzed ones are left out: a secret of "a" or of some odd text also turns up, rightly,
 * in an echoed channel name or field.
 */
const secrets = [SAMPLE_API_KEY, SAMPLE_SECRET];
const untyped: string[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'mc-router-fuzz-'));
  const secretStore = createMemorySecretStore();
  services = await createMainServices({
    dataDir,
    secretStore,
    version: '0.0.0-fuzz',
    log: (message, details) => {
      if (UNTYPED_FAILURES.includes(message)) untyped.push(`${message} ${JSON.stringify(details)}`);
    },
  });
  const sandbox = await services.router.handle('profiles.test', { id: LOCAL_SANDBOX_ID });
  expect(sandbox, 'the local sandbox answers').toMatchObject({ ok: true, value: { ok: true } });
  // One keychain entry: the origin, the key and the secret together (profiles/bound-credentials.ts).
  const stored = await secretStore.get(accountsOf(LOCAL_SANDBOX_ID).credentials);
  if (!stored) throw new Error('the local sandbox has no credentials in the keychain');
  const { apiKey, secret } = JSON.parse(stored) as { apiKey: string; secret: string };
  secrets.push(apiKey, secret);
});
afterAll(async () => {
  await services?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** One call through the router, and everything that must hold of its answer. */
async function callAndCheck(channel: unknown, payload: unknown): Promise<Envelope<unknown>> {
  const untypedBefore = untyped.length;
  const name = typeof channel === 'string' ? channel : typeof channel;
  const settled = await settleWithin(services.router.handle(channel, payload, { via: 'test' }), `router.handle(${name})`);
  if (!settled.fulfilled) throw new Error(`router.handle rejected instead of answering an Envelope: ${String(settled.reason)}`);
  const answer = settled.value;
  const response = isChannel(channel) ? contract[channel].response : null;
  if (response) expect(envelopeOf(response).safeParse(answer).success, 'the answer is an Envelope of the contract').toBe(true);
  expect(untyped.slice(untypedBefore), 'a handler failed with something other than a typed error').toEqual([]);
  expect(secretIn(answer, secrets), 'the answer carries a key or secret').toBeNull();
  if (answer.ok) return answer;
  expect(appError.safeParse(answer.error).success, 'the error is a typed AppError').toBe(true);
  expect(stackTraceIn(answer.error), 'the error carries a stack trace').toBeNull();
  return answer;
}

/**
 * A channel's own seed, from its name: a channel added to the contract leaves every other
 * channel's payloads as they were (a seed from its place in the list moved them all).
 */
const seedOf = (channel: string): number => [...channel].reduce((hash, char) => (hash * 31 + (char.codePointAt(0) ?? 0)) % 1_000_003, 0);

/** Whether the contract takes the payload: then the router must hand it on, else refuse it as invalid_request. */
function contractTakes(channel: Channel, payload: unknown): boolean {
  try {
    return contract[channel].request.safeParse(payload).success;
  } catch {
    return false;
  }
}

describe('every IPC channel, fuzzed through the real router and services', () => {
  it('has a valid request of each channel to mutate from', () => {
    for (const [channel, bases] of Object.entries(VALID) as [Channel, Record<string, unknown>[]][]) {
      for (const base of bases) expect(contract[channel].request.safeParse(base).success, `${channel} ${JSON.stringify(base)}`).toBe(true);
    }
  });

  it.each(CHANNELS.map((channel) => [channel] as const))(
    '%s: any payload settles with an Envelope, and any error is typed, without stack or secret',
    async (channel) => {
      let handedOn = 0;
      await fc.assert(
        fc.asyncProperty(payloadFor(channel), async (payload) => {
          const taken = contractTakes(channel, payload);
          const answer = await callAndCheck(channel, payload);
          if (taken) handedOn += 1;
          else expect(answer).toMatchObject({ ok: false, error: { kind: 'invalid_request' } });
        }),
        { numRuns: RUNS_PER_CHANNEL, seed: SEED + seedOf(channel) },
      );
      // Mutations of a valid request must get past the schema often enough to reach the handler.
      if (VALID[channel]) expect(handedOn, 'payloads that reached the handler').toBeGreaterThan(RUNS_PER_CHANNEL / 100);
    },
    120_000,
  );

  it('an unknown channel name, or something that is no name at all, gets unknown_channel', async () => {
    const names = fc
      .oneof(
        fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', ' app.info', 'APP.INFO', 'app.info\u0000', 'profiles.secrets', 'shell.exec'),
        ...CHANNELS.map((channel) => fc.constant(`${channel}.x`)),
        oddText,
        fc.anything(ANYTHING),
      )
      .filter((name) => !isChannel(name));
    await fc.assert(
      fc.asyncProperty(names, fc.anything(ANYTHING), async (name, payload) => {
        const answer = await callAndCheck(name, payload);
        expect(answer).toMatchObject({ ok: false, error: { kind: 'unknown_channel' } });
      }),
      { numRuns: UNKNOWN_CHANNEL_RUNS, seed: SEED },
    );
  }, 60_000);
});
