import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearKeychainService, uniqueKeychainService } from '../../e2e/harness/keychain.ts';
import { messagesInEnglish } from '../../shared/i18n/testing/in-english.ts';
import type { EntryOutcome, OutcomeSource } from '../../shared/ipc/index.ts';
import type { ProfileList, ProfileView } from '../../shared/ipc/profile.ts';
import { openReceiverStore, startReceiver } from '../outcomes/index.ts';
import type { EventStore, Receiver } from '../outcomes/index.ts';
import { startLoopbackServer } from '../platform/api/loopback-server.ts';
import type { LoopbackServer } from '../platform/api/loopback-server.ts';
import { PROFILES_FILE } from '../platform/profiles/profile-file.ts';
import { startSandbox } from '../sandbox/index.ts';
import type { SandboxHandle } from '../sandbox/index.ts';
import { createMainServices } from './main-services.ts';
import type { MainServices } from './main-services.ts';
import { sampleInvoiceRequest } from './testing/invoice-request.ts';
import { routerCalls } from './testing/router-calls.ts';

/** An answer as the profile form reads it: a refused field's rule (shared/i18n/rule-message.ts) in English. */
function inEnglishFields<T>(answer: T): T {
  if (typeof answer !== 'object' || answer === null || !('error' in answer)) return answer;
  const error = answer.error as { fields?: Record<string, string> };
  return error.fields === undefined ? answer : { ...answer, error: { ...error, fields: messagesInEnglish(error.fields) } };
}

/**
 * A real profile's receiver URL (docs/receiver.md, "Where the console reads it"): through the real
 * router and the real keychain (private D-Bus session), the real sandbox as the merchant's service,
 * posting its signed callbacks to a real receiver (startReceiver, the code of `npm run receiver`),
 * which accepts a read only when it is signed with the merchant's key and secret. A recording
 * server on loopback stands in for a host the key must never reach: any receiver URL the key and
 * secret were not entered for.
 */

const MERCHANT = { key: `merchant-key-${randomBytes(8).toString('hex')}`, secret: `merchant-secret-${randomBytes(16).toString('hex')}` };
const keychainService = uniqueKeychainService('receiver-profiles');

let service: SandboxHandle;
let receiverDir: string;
let store: EventStore;
let receiver: Receiver;
let elsewhere: LoopbackServer;
let dataDir: string;
let services: MainServices;
let offset = 0;

const open = () => createMainServices({ dataDir, keychainService, log: () => {}, askPerson: async () => true });

beforeAll(async () => {
  receiverDir = await mkdtemp(join(tmpdir(), 'mc-receiver-profiles-receiver-'));
  store = await openReceiverStore(`sqlite:${join(receiverDir, 'events.sqlite')}`, { env: {} });
  receiver = await startReceiver({ merchants: [{ key: MERCHANT.key, secret: MERCHANT.secret, account: 'shop' }], store, log: () => {}, host: '127.0.0.1', port: 0 });
  service = await startSandbox({ merchants: [MERCHANT], seed: 12, clock: () => Date.now() + offset, callbacks: { url: `${receiver.url}/callbacks` } });
});
afterAll(async () => {
  await service.close();
  await receiver.close();
  await store.close();
  await rm(receiverDir, { recursive: true, force: true });
  await clearKeychainService(keychainService);
});
beforeEach(async () => {
  elsewhere = await startLoopbackServer();
  // What a receiver answers to a read: a host that is not one can say the same.
  elsewhere.answer({ status: 200, body: '{"events":[],"next":"0","more":false}' });
  dataDir = await mkdtemp(join(tmpdir(), 'mc-receiver-profiles-'));
  services = await open();
});
afterEach(async () => {
  await services.close();
  await elsewhere.close();
  await rm(dataDir, { recursive: true, force: true });
});

const { call, value } = routerCalls(() => services);

type Outcomes = { source: OutcomeSource; outcomes: Array<{ entryId: number; outcome: EntryOutcome }> };
const outcomesOf = (ids: number[]) => value<Outcomes>('outcomes.forEntries', { ids });
const statusOf = async (entryId: number): Promise<string | undefined> => (await outcomesOf([entryId])).outcomes.find((o) => o.entryId === entryId)?.outcome.current.status;
/** Past the feed's half-second between reads of one profile's receiver. */
const nextRead = () => new Promise((resolve) => setTimeout(resolve, 600));

/** The merchant's profile at the service, with its receiver, in use. */
async function shopProfile(receiverUrl: string | null = receiver.url): Promise<ProfileView> {
  const saved = await value<ProfileView>('profiles.save', { name: 'Shop', baseUrl: service.baseUrl, receiverUrl, apiKey: MERCHANT.key, secret: MERCHANT.secret });
  await value('profiles.select', { id: saved.id });
  return saved;
}

/** An invoice made on the profile and paid on the service: its callbacks are on their way to the receiver. */
async function paidInvoice(): Promise<number> {
  const { invoice, journalId } = await value<{ invoice: { id: number }; journalId: number }>('invoices.create', sampleInvoiceRequest());
  const fixed = service.chooseInvoiceCurrency(invoice.id, 'BTC');
  service.payInvoice(invoice.id, { amount: fixed.sender_amount ?? '0', currency: 'BTC' });
  await expect.poll(() => service.flushCallbacks(), { timeout: 10_000 }).toBe(0);
  return journalId;
}

/** profiles.json edited by another process while the app is closed (`from` becomes `to`), then the app started again. */
async function editedOutside(from: string, to: string): Promise<void> {
  await services.close();
  const file = join(dataDir, PROFILES_FILE);
  await writeFile(file, (await readFile(file, 'utf8')).replaceAll(JSON.stringify(from), JSON.stringify(to)));
  services = await open();
}

function expectNothingElsewhere(): void {
  expect(elsewhere.requests.map((r) => `${r.method} ${r.path} ${r.headers['x-processing-key'] ?? ''}`), 'a host the key was not entered for was sent a read').toEqual([]);
}

describe('a real profile with a receiver URL', () => {
  it('reads its outcomes from the receiver it names, signed with its own key and secret', async () => {
    const shop = await shopProfile(`${receiver.url}/`);
    expect(shop).toMatchObject({ receiverUrl: receiver.url, credentialsReceiverUrl: receiver.url });
    const journalId = await paidInvoice();
    await expect.poll(() => statusOf(journalId), { timeout: 10_000, interval: 300 }).toBe('pending');
    offset += 60_000; // enough confirmations on the sandbox's chain
    await expect.poll(() => statusOf(journalId), { timeout: 15_000, interval: 300 }).toBe('confirmed');
    expect((await outcomesOf([journalId])).source).toEqual({ kind: 'receiver', url: receiver.url });
    expectNothingElsewhere();
  });

  it('without one, says there is no receiver, and reads nothing from anywhere', async () => {
    const shop = await shopProfile(null);
    expect(shop).toMatchObject({ receiverUrl: null, credentialsReceiverUrl: null });
    const journalId = await paidInvoice();
    expect(await outcomesOf([journalId])).toEqual({ source: { kind: 'no-receiver' }, outcomes: [] });
    expectNothingElsewhere();
  });

  it('a receiver that refuses the reads shows as unreachable, with its answer', async () => {
    // Another merchant's receiver: the reads are signed with a key it does not know.
    const otherStore = await openReceiverStore(`sqlite:${join(dataDir, 'other.sqlite')}`, { env: {} });
    const other = await startReceiver({ merchants: [{ key: 'another-key', secret: 'another-secret', account: 'other' }], store: otherStore, log: () => {}, host: '127.0.0.1', port: 0 });
    try {
      await shopProfile(other.url);
      const { source } = await outcomesOf([1]);
      expect(source).toMatchObject({ kind: 'unreachable', url: other.url, problem: expect.stringContaining('answered 403') });
    } finally {
      await other.close();
      await otherStore.close();
    }
  });
});

describe('the receiver URL is held to the rule of the base URL: credentials go only to what they were entered for', () => {
  it('an edit that names another receiver without the key and secret is refused, says why, and the reads stay where they were', async () => {
    const shop = await shopProfile();
    const edit = await call('profiles.save', { id: shop.id, name: 'Shop', baseUrl: service.baseUrl, receiverUrl: elsewhere.baseUrl });
    // Half of the credentials is not enough either: the stored secret would go with the typed key.
    const half = await call('profiles.save', { id: shop.id, name: 'Shop', baseUrl: service.baseUrl, receiverUrl: elsewhere.baseUrl, apiKey: 'other-key-1234' });
    expect(inEnglishFields(edit)).toMatchObject({
      ok: false,
      error: { kind: 'invalid_request', fields: { apiKey: expect.stringContaining(`reads for ${receiver.url} only`), secret: expect.stringContaining(elsewhere.baseUrl) } },
    });
    expect(half).toMatchObject({ ok: false, error: { kind: 'invalid_request', fields: { secret: expect.any(String) } } });
    const journalId = await paidInvoice();
    await expect.poll(() => statusOf(journalId), { timeout: 10_000, interval: 300 }).toBe('pending');
    const listed = (await value<ProfileList>('profiles.list', {})).profiles.find((p) => p.id === shop.id);
    expect(listed).toMatchObject({ receiverUrl: receiver.url, credentialsReceiverUrl: receiver.url, hasSecret: true });
    expectNothingElsewhere();
  });

  it('an edit that names another receiver with the key and secret typed again moves the reads there, and only there', async () => {
    const shop = await shopProfile();
    const moved = await value<ProfileView>('profiles.save', { id: shop.id, name: 'Shop', baseUrl: service.baseUrl, receiverUrl: elsewhere.baseUrl, apiKey: MERCHANT.key, secret: MERCHANT.secret });
    expect(moved).toMatchObject({ receiverUrl: elsewhere.baseUrl, credentialsReceiverUrl: elsewhere.baseUrl });
    await nextRead();
    expect((await outcomesOf([1])).source).toEqual({ kind: 'receiver', url: elsewhere.baseUrl });
    expect(elsewhere.requests.map((r) => [r.method, r.path.replace(/limit=\d+/, 'limit=n'), r.headers['x-processing-key']])).toEqual([['GET', `${new URL(elsewhere.baseUrl).pathname}/events?after=0&limit=n`, MERCHANT.key]]);
    expect(elsewhere.requests[0]?.headers['x-processing-signature']).toMatch(/^[0-9a-f]{128}$/);
  });

  it('taking the receiver away needs nothing typed again, and the key is tied to no receiver from then on', async () => {
    const shop = await shopProfile();
    const cleared = await value<ProfileView>('profiles.save', { id: shop.id, name: 'Shop', baseUrl: service.baseUrl, receiverUrl: '' });
    expect(cleared).toMatchObject({ receiverUrl: null, credentialsReceiverUrl: null, hasSecret: true });
    await nextRead();
    expect((await outcomesOf([1])).source).toEqual({ kind: 'no-receiver' });
    // Naming it again is naming a receiver the stored key is not tied to: typed again.
    const again = await call('profiles.save', { id: shop.id, name: 'Shop', baseUrl: service.baseUrl, receiverUrl: receiver.url });
    expect(inEnglishFields(again)).toMatchObject({ ok: false, error: { kind: 'invalid_request', fields: { apiKey: expect.stringContaining('no receiver’s reads') } } });
  });

  it('an edit that leaves the receiver URL out keeps it, and its binding', async () => {
    const shop = await shopProfile();
    const renamed = await value<ProfileView>('profiles.save', { id: shop.id, name: 'Shop EU', baseUrl: service.baseUrl });
    expect(renamed).toMatchObject({ name: 'Shop EU', receiverUrl: receiver.url, credentialsReceiverUrl: receiver.url });
  });

  it('a receiver URL changed in profiles.json outside the app is read from nowhere until a person fixes it', async () => {
    const shop = await shopProfile();
    await editedOutside(receiver.url, elsewhere.baseUrl);
    const { source } = await outcomesOf([1]);
    expect(source).toMatchObject({ kind: 'unreachable', url: elsewhere.baseUrl, problem: expect.stringContaining('changed outside this app') });
    expect(source).toMatchObject({ problem: expect.stringContaining('Nothing was sent') });
    expectNothingElsewhere();
    // Put back by a person, in the app, with the key and secret: read again.
    await value('profiles.save', { id: shop.id, name: 'Shop', baseUrl: service.baseUrl, receiverUrl: receiver.url, apiKey: MERCHANT.key, secret: MERCHANT.secret });
    await nextRead();
    expect((await outcomesOf([1])).source).toEqual({ kind: 'receiver', url: receiver.url });
  });

  it('a base URL changed outside the app stops the reads too: the key and secret are tied to both', async () => {
    await shopProfile();
    await editedOutside(service.baseUrl, elsewhere.baseUrl);
    const { source } = await outcomesOf([1]);
    expect(source).toMatchObject({ kind: 'unreachable', url: receiver.url, problem: expect.stringContaining('Nothing was sent') });
    expectNothingElsewhere();
  });

  it('the local sandbox takes no receiver URL: it runs its own', async () => {
    const edit = await call('profiles.save', { id: 'local-sandbox', name: 'Local sandbox', baseUrl: 'http://127.0.0.1:1', receiverUrl: elsewhere.baseUrl });
    expect(inEnglishFields(edit)).toMatchObject({ ok: false, error: { kind: 'invalid_request', fields: { receiverUrl: expect.stringContaining('runs a receiver of its own') } } });
    const listed = (await value<ProfileList>('profiles.list', {})).profiles.find((p) => p.id === 'local-sandbox');
    expect(listed).toMatchObject({ receiverUrl: null, credentialsReceiverUrl: null });
  });

  it('main refuses a receiver URL that breaks the rule, whatever the renderer sends', async () => {
    for (const receiverUrl of ['http://callbacks.example.com', 'https://user:pass@callbacks.example.com', 'https://callbacks.example.com/?after=0']) {
      const answer = await call('profiles.save', { name: 'Shop', baseUrl: service.baseUrl, receiverUrl, apiKey: MERCHANT.key, secret: MERCHANT.secret });
      expect(answer, receiverUrl).toMatchObject({ ok: false, error: { kind: 'invalid_request', fields: { receiverUrl: expect.any(String) } } });
    }
  });
});
