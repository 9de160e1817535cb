import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearKeychainService, uniqueKeychainService } from '../../e2e/harness/keychain.ts';
import type { Envelope } from '../../shared/ipc/errors.ts';
import type { ProfileList, ProfileView } from '../../shared/ipc/profile.ts';
import type { SandboxHandle } from '../sandbox/index.ts';
import { startSandbox } from '../sandbox/index.ts';
import { startLoopbackServer } from '../platform/api/loopback-server.ts';
import type { LoopbackServer } from '../platform/api/loopback-server.ts';
import { PROFILES_FILE } from '../platform/profiles/profile-file.ts';
import { createMainServices } from '../app/main-services.ts';
import type { MainServices } from '../app/main-services.ts';
import { sampleInvoiceRequest } from '../app/testing/invoice-request.ts';
import { routerCalls } from '../app/testing/router-calls.ts';
import { newForeignId } from '../../shared/submission/foreign-id.ts';

/**
 * Credentials must not follow an edited address, in the app or in profiles.json edited from outside
 * (docs/security.md, "Credentials belong to one origin"): a key and secret are sent only to the origin they were stored for. Through the real
 * router, the real keychain (private D-Bus session), the real sandbox as the merchant's service,
 * and a recording HTTP server on loopback standing in for the attacker's host: it answers every
 * request like the service would and records every byte it is sent.
 */

const MERCHANT = { key: `merchant-key-${randomBytes(8).toString('hex')}`, secret: `merchant-secret-${randomBytes(16).toString('hex')}` };
const keychainService = uniqueKeychainService('credential-origin');

let service: SandboxHandle;
let attacker: LoopbackServer;
let dataDir: string;
let services: MainServices;

// A person who says yes to everything main asks: what stops the attack is main's rule, not a refusal.
const open = () => createMainServices({ dataDir, keychainService, log: () => {}, askPerson: async () => true });

beforeAll(async () => {
  service = await startSandbox({ merchants: [MERCHANT], seed: 11 });
});
afterAll(async () => {
  await service.close();
  await clearKeychainService(keychainService);
});
beforeEach(async () => {
  attacker = await startLoopbackServer();
  // What the service answers to a credentials check: an attacker's host can say the same.
  attacker.answer({ status: 200, body: '{"data":[]}' });
  dataDir = await mkdtemp(join(tmpdir(), 'mc-credential-origin-'));
  services = await open();
});
afterEach(async () => {
  await services.close();
  await attacker.close();
  await rm(dataDir, { recursive: true, force: true });
});

const { call, value } = routerCalls(() => services);

/** The merchant's live profile, at the service, in use. */
async function merchantProfile(): Promise<ProfileView> {
  const saved = await value<ProfileView>('profiles.save', { name: 'Shop', baseUrl: service.baseUrl, apiKey: MERCHANT.key, secret: MERCHANT.secret });
  await value('profiles.select', { id: saved.id });
  expect(await value('profiles.test', { id: saved.id })).toMatchObject({ ok: true });
  return saved;
}

/** Every channel that sends the profile's key and a signature, once each. */
async function useEveryChannel(id: string): Promise<Envelope<unknown>[]> {
  const quoted = await call('quotes.calculate', { sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '0.01' });
  return [
    await call('profiles.test', { id }),
    await call('transactions.lookup', { foreign_id: '164' }),
    await call('pairs.list', { refresh: true }),
    quoted,
    await call('invoices.create', sampleInvoiceRequest()),
    await call('exchange.place', { quoteId: quoted.ok ? (quoted.value as { quoteId: string }).quoteId : 'no-quote', foreignId: newForeignId('exch') }),
  ];
}

/** The attacker's host got nothing: no request at all, so no key and no signature either. */
function expectAttackerGotNothing(): void {
  const credentialHeaders = attacker.requests.filter((r) => r.headers['x-processing-key'] !== undefined || r.headers['x-processing-signature'] !== undefined);
  expect(credentialHeaders, 'the attacker host received the API key or a signature').toEqual([]);
  expect(attacker.requests.map((r) => `${r.method} ${r.path}`)).toEqual([]);
}

describe('the editing attack: profiles.save with a new address and no key or secret', () => {
  it('is refused, the form is told why, and the attacker host receives nothing on any channel', async () => {
    const shop = await merchantProfile();
    // The attack first, then what was said about it: on the old code the key reached the attacker.
    const edit = await call('profiles.save', { id: shop.id, name: 'Shop', baseUrl: attacker.baseUrl });
    // Half of the credentials is not enough either: the stored secret would go with the typed key.
    const half = await call('profiles.save', { id: shop.id, name: 'Shop', baseUrl: attacker.baseUrl, apiKey: 'attacker-key-1234' });
    await useEveryChannel(shop.id);
    expectAttackerGotNothing();
    const origin = new URL(service.baseUrl).origin;
    expect(edit).toMatchObject({
      ok: false,
      error: { kind: 'invalid_request', fields: { apiKey: expect.stringContaining(origin), secret: expect.stringContaining(origin) } },
    });
    expect(half).toMatchObject({ ok: false, error: { kind: 'invalid_request', fields: { secret: expect.any(String) } } });
    // The profile still points at the service, with its credentials, and still works.
    const listed = (await value<ProfileList>('profiles.list', {})).profiles.find((p) => p.id === shop.id);
    expect(listed).toMatchObject({ baseUrl: service.baseUrl, credentialsBaseUrl: service.baseUrl, hasSecret: true });
    expect(await value('profiles.test', { id: shop.id })).toMatchObject({ ok: true });
  });

  it('a typo in the host is the same: nothing is sent there until a key and secret are typed for it', async () => {
    const shop = await merchantProfile();
    const typo = service.baseUrl.replace('127.0.0.1', 'localhost');
    const edit = await call('profiles.save', { id: shop.id, name: 'Shop', baseUrl: typo });
    await call('profiles.test', { id: shop.id });
    expect(edit).toMatchObject({ ok: false, error: { kind: 'invalid_request' } });
    // Typed again for the new address, they are tied to it.
    const moved = await value<ProfileView>('profiles.save', { id: shop.id, name: 'Shop', baseUrl: attacker.baseUrl, apiKey: 'typed-again-key-1234', secret: 'typed-again-secret' });
    expect(moved).toMatchObject({ credentialsBaseUrl: attacker.baseUrl, keyHint: '1234' });
    await call('profiles.test', { id: shop.id });
    expect(attacker.requests.map((r) => r.headers['x-processing-key'])).toEqual(['typed-again-key-1234']);
  });

  it('an edit within the same origin keeps the stored key and secret', async () => {
    const shop = await merchantProfile();
    const sameOrigin = `${new URL(service.baseUrl).origin.toUpperCase().replace('HTTP://', 'http://')}/api/v2/`;
    const edited = await value<ProfileView>('profiles.save', { id: shop.id, name: 'Shop EU', baseUrl: sameOrigin });
    expect(edited).toMatchObject({ name: 'Shop EU', hasSecret: true, keyHint: MERCHANT.key.slice(-4) });
    expect(await value('profiles.test', { id: shop.id })).toMatchObject({ ok: true });
  });
});

describe('the file attack: profiles.json edited by another process', () => {
  it('a profile pointed at another host gets no credentials sent there; its kind comes from the address, not the file', async () => {
    const shop = await merchantProfile();
    await services.close();
    const path = join(dataDir, PROFILES_FILE);
    const file = JSON.parse(await readFile(path, 'utf8')) as { profiles: Array<{ id: string; baseUrl: string; kind?: string }> };
    const record = file.profiles.find((p) => p.id === shop.id);
    if (!record) throw new Error('the profile is not in the file');
    record.baseUrl = attacker.baseUrl;
    record.kind = 'sandbox';
    await writeFile(path, JSON.stringify(file));

    services = await open();
    const answers = await useEveryChannel(shop.id);
    expectAttackerGotNothing();
    const listed = (await value<ProfileList>('profiles.list', {})).profiles.find((p) => p.id === shop.id);
    // Loopback may be a tunnel to the live service: only the service's own sandbox host is "sandbox".
    expect(listed).toMatchObject({ baseUrl: attacker.baseUrl, kind: 'live', credentialsBaseUrl: service.baseUrl });
    expect(answers[0]).toMatchObject({ ok: true, value: { ok: false, summary: expect.stringContaining(new URL(service.baseUrl).origin) } });
    for (const answer of answers.slice(1, 3)) {
      expect(answer).toMatchObject({ ok: false, error: { kind: 'configuration', message: expect.stringMatching(/tied to .* Nothing was sent/) } });
    }
    // No journal entry claims that the attacker's host answered.
    expect((await services.journal.search(shop.id)).entries).toEqual([]);
  });

  it('a file that calls an ordinary profile the local sandbox does not make it one', async () => {
    const shop = await merchantProfile();
    await services.close();
    const path = join(dataDir, PROFILES_FILE);
    const file = JSON.parse(await readFile(path, 'utf8')) as { profiles: Array<{ id: string; baseUrl: string; kind?: string }> };
    for (const record of file.profiles) {
      if (record.id === shop.id) {
        record.kind = 'local-sandbox';
        record.baseUrl = attacker.baseUrl;
      } else {
        record.kind = 'live';
      }
    }
    await writeFile(path, JSON.stringify(file));
    services = await open();
    await useEveryChannel(shop.id);
    expectAttackerGotNothing();
    const kinds = Object.fromEntries((await value<ProfileList>('profiles.list', {})).profiles.map((p) => [p.id, p.kind]));
    expect(kinds).toEqual({ 'local-sandbox': 'local-sandbox', [shop.id]: 'live' });
  });
});

describe('the origin that answered', () => {
  it('is named by every journal entry, every CSV row and the dispute report', async () => {
    const shop = await merchantProfile();
    const origin = new URL(service.baseUrl).origin;
    const lookup = await value<{ journalId: number }>('transactions.lookup', { foreign_id: '164' });
    const invoice = await value<{ journalId: number }>('invoices.create', sampleInvoiceRequest());
    const { quoteId } = await value<{ quoteId: string }>('quotes.calculate', { sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '0.01' });
    const order = await value<{ journalId: number }>('exchange.place', { quoteId, foreignId: newForeignId('exch') });
    for (const { journalId } of [lookup, invoice, order]) expect((await services.journal.get(journalId))?.origin).toBe(origin);

    const csv = await value<{ path: string; rows: number }>('journal.exportCsv', {});
    const rows = parse(await readFile(csv.path, 'utf8'), { columns: true }) as Array<{ profile: string; origin: string }>;
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row).toMatchObject({ profile: shop.name, origin });

    const pdf = await value<{ path: string }>('reports.disputePdf', { id: lookup.journalId });
    expect(execFileSync('pdftotext', [pdf.path, '-'], { encoding: 'utf8' })).toContain(`Answered by: ${origin}`);
  });
});
