import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../shared/ipc/journal.ts';
import type { ProfileView } from '../../shared/ipc/profile.ts';
import { startLoopbackServer } from '../platform/api/loopback-server.ts';
import type { LoopbackServer } from '../platform/api/loopback-server.ts';
import { testKeychain } from '../platform/profiles/testing/test-keychain.ts';
import { ADDRESSES_PER_MINUTE } from './address-handlers.ts';
import { createMainServices } from '../app/main-services.ts';
import { ruleMessage } from '../../shared/i18n/index.ts';
import type { MainServices } from '../app/main-services.ts';
import { routerCalls } from '../app/testing/router-calls.ts';

/**
 * addresses.take through the real router, client (signed HTTP on loopback), keychain and journal
 * (SQLite): journaled like an invoice, with the address and without personal data; a lost answer
 * is outcome unknown and a retry's duplicate is explained; no confirmation on a live profile (the
 * loopback host is LIVE, and nobody is there to ask); a rate limit before anything is sent.
 */

let host: LoopbackServer;
let dataDir: string;
let services: MainServices;
let clock = Date.UTC(2026, 10, 23, 12);
const keychain = testKeychain('addresses');
const { call, value } = routerCalls(() => services);

const SENDER = { sender_type: 'natural', sender_data: { first_name: 'Adalind', last_name: 'Quenby', date_of_birth: '1985-12-10', email: 'adalind@example.com' } };
const request = (foreignId: string) => ({ currency: 'XRP', convert_to: 'EUR', foreign_id: foreignId, end_user_reference: 'customer-2048', ...SENDER });
const answer = (foreignId: string, id = 7) =>
  JSON.stringify({ data: { id, currency: 'XRP', convert_to: 'EUR', address: 'rN7n7otQDd6FczFgLdSqtcsAUxDkw6fzRH', tag: '3051997', foreign_id: foreignId } });
const entryOf = async (id: number) => (await value<{ entry: JournalEntry }>('journal.get', { id })).entry;

beforeAll(async () => {
  host = await startLoopbackServer();
  dataDir = await mkdtemp(join(tmpdir(), 'mc-addresses-'));
  services = await createMainServices({ dataDir, secretStore: keychain.store, log: () => {}, now: () => clock });
  const saved = await value<ProfileView>('profiles.save', { name: 'Shop (live)', baseUrl: host.baseUrl, apiKey: 'key-addresses-1', secret: 'secret-addresses-1' });
  expect(saved.kind).toBe('live');
  await value('profiles.select', { id: saved.id });
});
afterAll(async () => {
  await services?.close();
  await host?.close();
  await keychain.clear();
  await rm(dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  clock += 60_000;
});

describe('addresses.take', () => {
  it('takes the address on a live profile without asking anyone, and journals it with the address and no personal data', async () => {
    host.answer({ status: 201, body: answer('user-id:2048') });
    const taken = await value<{ address: { address: string; tag: string | null }; journalId: number; sandboxPage: string | null }>('addresses.take', request('user-id:2048'));
    expect(taken.address).toMatchObject({ address: 'rN7n7otQDd6FczFgLdSqtcsAUxDkw6fzRH', tag: '3051997' });
    expect(taken.sandboxPage).toBeNull(); // only the Local sandbox has a page to pay into an address
    expect(JSON.parse(host.requests.at(-1)?.body.toString('utf8') ?? '{}')).toMatchObject({ foreign_id: 'user-id:2048', sender_data: { first_name: 'Adalind' } });

    const entry = await entryOf(taken.journalId);
    expect(entry).toMatchObject({
      operation: 'addresses.take',
      state: 'succeeded',
      foreignId: 'user-id:2048',
      serviceId: '7',
      currency: 'XRP',
      endUserReference: 'customer-2048',
      address: 'rN7n7otQDd6FczFgLdSqtcsAUxDkw6fzRH',
      httpStatus: 201,
    });
    expect(entry.sentAt).not.toBeNull();
    expect(entry.request).toMatchObject({ currency: 'XRP', convert_to: 'EUR', sender_type: 'natural' });
    expect(entry.request).not.toHaveProperty('sender_data');
    for (const file of await readdir(dataDir)) {
      if (!file.startsWith('journal')) continue;
      const bytes = (await readFile(join(dataDir, file))).toString('latin1');
      for (const personal of ['Adalind', 'Quenby', '1985-12-10', 'adalind@example.com']) expect(bytes, file).not.toContain(personal);
    }
  });

  it('is found in History by foreign id and by address, and exported to CSV', async () => {
    for (const text of ['user-id:2048', 'rN7n7otQDd6F']) {
      const { entries } = await value<{ entries: JournalEntry[] }>('journal.search', { text, operation: 'addresses.take' });
      expect(entries.map((e) => e.foreignId), text).toEqual(['user-id:2048']);
    }
    const exported = await value<{ path: string }>('journal.exportCsv', { operation: 'addresses.take' });
    const rows = parse(await readFile(exported.path, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(rows).toEqual([expect.objectContaining({ operation: 'addresses.take', foreign_id: 'user-id:2048', address: 'rN7n7otQDd6FczFgLdSqtcsAUxDkw6fzRH', currency: 'XRP' })]);
  });

  it('a lost answer is outcome unknown; taking it again is refused by the service and explained from the journal', async () => {
    host.answer({ reset: true });
    const lost = await call('addresses.take', request('user-id:4096'));
    expect(lost).toMatchObject({ ok: false, error: { kind: 'outcome_unknown', foreignId: 'user-id:4096' } });
    const { entries } = await value<{ entries: JournalEntry[] }>('journal.search', { text: 'user-id:4096' });
    expect(entries).toMatchObject([{ operation: 'addresses.take', state: 'unknown' }]);

    host.answer({ status: 400, body: '{"errors":{"foreign_id":"The foreign id has already been taken."}}' });
    const again = await call('addresses.take', request('user-id:4096'));
    expect(again).toMatchObject({ ok: false, error: { kind: 'validation', fields: { foreign_id: expect.stringMatching(/taken/) } } });
    expect(again.ok ? '' : again.error.message).toMatch(/already has a deposit address with the foreign id user-id:4096.*may have reached the service.*Find it in the back office/);
  });

  it('refuses what the contract does not allow before anything is sent', async () => {
    const before = host.requests.length;
    expect(await call('addresses.take', { ...request('user-id:1'), convert_to: 'XRP' })).toMatchObject({
      ok: false,
      error: { kind: 'invalid_request', fields: { convert_to: ruleMessage('rules.currency.convertToOther') } },
    });
    expect(await call('addresses.take', { ...request('user-id:1'), sender_type: undefined })).toMatchObject({ ok: false, error: { kind: 'invalid_request' } });
    expect(host.requests).toHaveLength(before);
  });

  it(`takes at most ${ADDRESSES_PER_MINUTE} a minute; the next is refused before it is sent`, async () => {
    host.answer((sent) => ({ status: 201, body: answer(String(JSON.parse(sent.body.toString('utf8')).foreign_id)) }));
    for (let i = 0; i < ADDRESSES_PER_MINUTE; i += 1) expect(await call('addresses.take', request(`limit-${i}`))).toMatchObject({ ok: true });
    const before = host.requests.length;
    const refused = await call('addresses.take', request('limit-over'));
    expect(refused).toMatchObject({ ok: false, error: { kind: 'rate_limited' } });
    expect(refused.ok ? '' : refused.error.message).toMatch(/at most 20 deposit addresses a minute.*Nothing was sent/);
    expect(host.requests).toHaveLength(before);
    // In the window's language, as it is when the limit is hit.
    await services.locale.choose({ language: 'de', formatLocale: null });
    try {
      const german = await call('addresses.take', request('limit-over-de'));
      expect(german.ok ? '' : german.error.message).toMatch(/^Diese Konsole fordert .* höchstens 20 Einzahlungsadressen pro Minute an\. Es wurde nichts gesendet/);
    } finally {
      await services.locale.choose({ language: null, formatLocale: null });
    }
    expect(host.requests).toHaveLength(before);
  });
});
