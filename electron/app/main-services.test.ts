import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Envelope } from '../../shared/ipc/errors.ts';
import type { ProfileList, ProfileView } from '../../shared/ipc/profile.ts';
import { LOCAL_SANDBOX_ID } from '../platform/profiles/profile-book.ts';
import { accountsOf, createKeytarSecretStore } from '../platform/profiles/secret-store.ts';
import type { SecretStore } from '../platform/profiles/secret-store.ts';
import { createMainServices } from './main-services.ts';
import type { MainServices } from './main-services.ts';
import { sampleInvoiceRequest } from './testing/invoice-request.ts';
import { newForeignId } from '../../shared/submission/foreign-id.ts';

// End to end through router.handle: the real keychain (private D-Bus session, own service name),
// the real local sandbox on 127.0.0.1, the real signed client, real files in a temp folder.

const keychain = createKeytarSecretStore(`Merchant Console services test ${randomBytes(6).toString('hex')}`);
const accounts = new Set<string>();
const secretStore: SecretStore = {
  get: keychain.get,
  delete: keychain.delete,
  set: async (account, value) => {
    accounts.add(account);
    await keychain.set(account, value);
  },
};

let dataDir: string;
let services: MainServices;
const asked: string[] = [];
const personAnswers: boolean[] = [];
let clock = Date.UTC(2025, 5, 1, 12);
/** Every answer the router gave, as the renderer would receive it. */
const answers: string[] = [];
/** Every line main logged, through its log option and through the console. */
const logs: string[] = [];
for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
  vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logs.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ')));
}

/** A profile's keychain entry: the origin, the key and the secret together (profiles/bound-credentials.ts). */
async function storedCredentials(profileId: string): Promise<{ apiKey: string; secret: string }> {
  return JSON.parse((await secretStore.get(accountsOf(profileId).credentials)) ?? '{}') as { apiKey: string; secret: string };
}

async function call<T>(channel: string, payload: unknown): Promise<Envelope<T>> {
  const answer = await services.router.handle(channel, payload, { via: 'test' });
  answers.push(JSON.stringify(answer));
  return answer as Envelope<T>;
}
async function value<T>(channel: string, payload: unknown): Promise<T> {
  const answer = await call<T>(channel, payload);
  if (!answer.ok) throw new Error(`${channel} failed: ${JSON.stringify(answer.error)}`);
  return answer.value;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'mc-services-'));
  services = await createMainServices({
    dataDir,
    secretStore,
    now: () => clock,
    version: '1.2.3',
    log: (message, details) => void logs.push(`${message} ${JSON.stringify(details)}`),
    // The person at main's native confirmation (confirmation.ts): each test queues its answers.
    askPerson: async (request) => {
      asked.push(request.title);
      return personAnswers.shift() ?? false;
    },
  });
});
afterAll(async () => {
  await services?.close();
  for (const account of accounts) await keychain.delete(account);
  await rm(dataDir, { recursive: true, force: true });
});

describe('main services against the local sandbox', () => {
  it('starts with the local sandbox active and running', async () => {
    expect(await value('app.info', {})).toEqual({ version: '1.2.3', dataDir });
    const list = await value<ProfileList>('profiles.list', {});
    expect(list.activeId).toBe(LOCAL_SANDBOX_ID);
    const [sandbox] = list.profiles;
    expect(sandbox).toMatchObject({ kind: 'local-sandbox', hasSecret: true, keyHint: expect.stringMatching(/^[0-9a-f]{4}$/) });
    expect(sandbox?.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v2$/);
    expect(sandbox?.baseUrl).toBe(services.sandbox.baseUrl());
    expect(await value('profiles.test', { id: LOCAL_SANDBOX_ID })).toMatchObject({ ok: true });
  });

  it('looks up a transaction, lists pairs (cached until refresh), quotes, places an exchange and creates an invoice', async () => {
    const found = await value<{ transaction: { foreign_id: string }; raw: string; lookedUpAt: string }>('transactions.lookup', { foreign_id: '164' });
    expect(found.transaction.foreign_id).toBe('164');
    expect(found.lookedUpAt).toBe(new Date(clock).toISOString());

    const first = await value<{ pairs: unknown[]; fetchedAt: string }>('pairs.list', {});
    expect(first.pairs.length).toBeGreaterThan(0);
    clock += 1000;
    expect((await value<{ fetchedAt: string }>('pairs.list', {})).fetchedAt).toBe(first.fetchedAt);
    expect((await value<{ fetchedAt: string }>('pairs.list', { refresh: true })).fetchedAt).not.toBe(first.fetchedAt);

    const before = await value<{ remaining: number }>('quotes.budget', {});
    const quoted = await value<{ quoteId: string; budget: { remaining: number } }>('quotes.calculate', {
      sender_currency: 'BTC',
      receiver_currency: 'EUR',
      sender_amount: '0.01',
    });
    expect(quoted.budget.remaining).toBe(before.remaining - 1);
    const placed = await value<{ order: { status: string } }>('exchange.place', { quoteId: quoted.quoteId, foreignId: newForeignId('exch') });
    expect(placed.order.status).toBe('processing');

    const created = await value<{ invoice: { status: string; url: string } }>('invoices.create', sampleInvoiceRequest());
    expect(created.invoice.status).toBe('created');
  });

  it('answers typed errors for a bad payload and an unknown channel', async () => {
    expect(await call('transactions.lookup', { id: 1, foreign_id: 'x' })).toMatchObject({ ok: false, error: { kind: 'invalid_request' } });
    expect(await call('profiles.secrets', {})).toMatchObject({ ok: false, error: { kind: 'unknown_channel' } });
  });

  it('tests other profiles against the sandbox and explains bad keys and bad secrets', async () => {
    const baseUrl = services.sandbox.baseUrl();
    const { apiKey: sandboxKey } = await storedCredentials(LOCAL_SANDBOX_ID);
    const badKey = await value<ProfileView>('profiles.save', { name: 'Bad key', baseUrl, apiKey: 'not-a-known-key-1234', secret: 'whatever-secret' });
    // A loopback address may be a tunnel to the live service: only the service's sandbox host is "sandbox".
    expect(badKey).toMatchObject({ kind: 'live', keyHint: '1234', hasSecret: true, credentialsBaseUrl: baseUrl });
    expect(await value('profiles.test', { id: badKey.id })).toMatchObject({ ok: false, summary: expect.stringContaining('does not know this API key') });

    const badSecret = await value<ProfileView>('profiles.save', { name: 'Bad secret', baseUrl, apiKey: sandboxKey, secret: 'wrong-secret' });
    expect(await value('profiles.test', { id: badSecret.id })).toMatchObject({ ok: false, summary: expect.stringContaining('secret key does not match') });

    const unreachable = await value<ProfileView>('profiles.save', { name: 'Nobody', baseUrl: 'http://127.0.0.1:9/api/v2', apiKey: 'k-12345678', secret: 's' });
    expect(await value('profiles.test', { id: unreachable.id })).toMatchObject({ ok: false, summary: expect.stringContaining('could not be reached') });

    // On loopback they are live (profile-kind.ts), so each removal takes a person's yes.
    personAnswers.push(true, true, true);
    for (const profile of [badKey, badSecret, unreachable]) await value('profiles.remove', { id: profile.id });
    expect(asked.splice(0)).toEqual(['Remove profile', 'Remove profile', 'Remove profile']);
  });

  it('stops the sandbox when another profile is selected, and starts it again when it is selected back', async () => {
    const other = await value<ProfileView>('profiles.save', { name: 'Live', baseUrl: 'https://app.cryptoprocessing.com/api/v2', apiKey: 'live-key-abcdefgh', secret: 'live-secret' });
    expect(other.kind).toBe('live');
    const selected = await value<ProfileList>('profiles.select', { id: other.id });
    expect(selected.activeId).toBe(other.id);
    expect(services.sandbox.baseUrl()).toBeNull();
    const back = await value<ProfileList>('profiles.select', { id: LOCAL_SANDBOX_ID });
    expect(back.profiles.find((p) => p.id === LOCAL_SANDBOX_ID)?.baseUrl).toBe(services.sandbox.baseUrl());
    expect(services.sandbox.baseUrl()).not.toBeNull();
    expect(await call('pairs.list', { refresh: true })).toMatchObject({ ok: true });
    // Removing a live profile takes main's own confirmation: a no keeps it, a yes removes it.
    personAnswers.push(false);
    expect(await call('profiles.remove', { id: other.id })).toMatchObject({ ok: false, error: { kind: 'not_confirmed' } });
    expect((await value<ProfileList>('profiles.list', {})).profiles.map((p) => p.id)).toContain(other.id);
    personAnswers.push(true);
    await value('profiles.remove', { id: other.id });
    expect(asked).toEqual(['Remove profile', 'Remove profile']);
    expect((await value<ProfileList>('profiles.list', {})).profiles.map((p) => p.id)).not.toContain(other.id);
  });

  it('never lets a secret or a full key out: not in any answer, any log line, or the data folder', async () => {
    const sandbox = await storedCredentials(LOCAL_SANDBOX_ID);
    expect(sandbox.secret).toBeTruthy();
    const known = [sandbox.apiKey, sandbox.secret, 'whatever-secret', 'wrong-secret', 'live-secret', 'live-key-abcdefgh', 'not-a-known-key-1234'];
    const files = await readdir(dataDir, { recursive: true, withFileTypes: true });
    const bytes = (await Promise.all(files.filter((f) => f.isFile()).map((f) => readFile(join(f.parentPath, f.name), 'latin1')))).join('\n');
    for (const secret of known) {
      for (const answer of answers) expect(answer.includes(secret), 'an IPC answer carried a secret').toBe(false);
      expect(bytes.includes(secret), 'a key or secret reached the data folder').toBe(false);
      for (const line of logs) expect(line.includes(secret), 'a log line carried a key or secret').toBe(false);
    }
    expect(answers.length).toBeGreaterThan(15);
  });
});
