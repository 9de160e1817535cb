import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BalanceList } from '../../shared/ipc/contract.ts';
import type { JournalEntry } from '../../shared/ipc/journal.ts';
import type { ProfileView } from '../../shared/ipc/profile.ts';
import { startLoopbackServer } from '../platform/api/loopback-server.ts';
import type { LoopbackServer } from '../platform/api/loopback-server.ts';
import { createMemorySecretStore } from '../platform/profiles/secret-store.ts';
import { BALANCE_LISTS_PER_MINUTE } from './balance-handlers.ts';
import { createMainServices } from '../app/main-services.ts';
import type { MainServices } from '../app/main-services.ts';
import { routerCalls } from '../app/testing/router-calls.ts';

/** accounts.list through the real router and signed client against a host on loopback. */

let host: LoopbackServer;
let dataDir: string;
let services: MainServices;
let clock = Date.UTC(2026, 10, 23, 12);
const { call, value } = routerCalls(() => services);

const BALANCES =
  '{"data":[{"currency":"BTC","type":"crypto","balance":"0.01230000"},{"currency":"EUR","type":"fiat","balance":5973.97568920},' +
  '{"currency":"USDT","type":"crypto","balance":"0.00000000"},{"currency":"ETH","type":"crypto","balance":"1e-7"},{"currency":"XRP","type":"crypto","balance":"lots"}]}';

beforeAll(async () => {
  host = await startLoopbackServer();
  dataDir = await mkdtemp(join(tmpdir(), 'mc-balances-'));
  services = await createMainServices({ dataDir, secretStore: createMemorySecretStore(), log: () => {}, now: () => clock });
  const saved = await value<ProfileView>('profiles.save', { name: 'Shop', baseUrl: host.baseUrl, apiKey: 'key-balances-1', secret: 'secret-balances-1' });
  await value('profiles.select', { id: saved.id });
});
afterAll(async () => {
  await services?.close();
  await host?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('accounts.list', () => {
  it('answers every balance as exact text, zeros included, with the time it was fetched and what was set aside', async () => {
    host.answer({ status: 200, body: BALANCES });
    const list = await value<BalanceList>('accounts.list', {});
    expect(list.balances.map((b) => [b.currency, b.type, b.balance])).toEqual([
      ['BTC', 'crypto', '0.01230000'],
      ['EUR', 'fiat', '5973.97568920'],
      ['USDT', 'crypto', '0.00000000'],
      ['ETH', 'crypto', '0.0000001'],
    ]);
    expect(list.unreadable).toEqual([expect.objectContaining({ index: 4, field: 'balance', value: 'lots' })]);
    expect(list.fetchedAt).toBe(new Date(clock).toISOString());
    expect(host.requests.at(-1)?.body.toString('utf8')).toBe('{}');
  });

  it('asks the service each time (a Refresh shows its own figures) and writes nothing to the journal', async () => {
    host.answer({ status: 200, body: '{"data":[{"currency":"BTC","type":"crypto","balance":"2"}]}' });
    const before = host.requests.length;
    expect((await value<BalanceList>('accounts.list', {})).balances).toEqual([{ currency: 'BTC', type: 'crypto', balance: '2' }]);
    expect(host.requests).toHaveLength(before + 1);
    expect((await value<{ entries: JournalEntry[] }>('journal.search', {})).entries).toEqual([]);
  });

  it('a failure is a typed error; a payload is refused', async () => {
    host.answer({ status: 403, body: '{"error":"Bad key header","code":"bad_header_key"}' });
    expect(await call('accounts.list', {})).toMatchObject({ ok: false, error: { kind: 'authentication', code: 'bad_header_key' } });
    host.answer({ status: 200, body: '{"data":"none"}' });
    expect(await call('accounts.list', {})).toMatchObject({ ok: false, error: { kind: 'unexpected_response', field: 'data' } });
    expect(await call('accounts.list', { currency: 'BTC' })).toMatchObject({ ok: false, error: { kind: 'invalid_request' } });
  });

  it(`lists at most ${BALANCE_LISTS_PER_MINUTE} times a minute; the next is refused before it is sent`, async () => {
    clock += 120_000;
    host.answer({ status: 200, body: BALANCES });
    for (let i = 0; i < BALANCE_LISTS_PER_MINUTE; i += 1) expect(await call('accounts.list', {})).toMatchObject({ ok: true });
    const before = host.requests.length;
    expect(await call('accounts.list', {})).toMatchObject({ ok: false, error: { kind: 'rate_limited', message: expect.stringMatching(/at most 60 times a minute\. Nothing was sent/) } });
    // In the window's language, as it is when the limit is hit.
    await services.locale.choose({ language: 'fr', formatLocale: null });
    try {
      expect(await call('accounts.list', {})).toMatchObject({ ok: false, error: { message: expect.stringMatching(/^Cette console liste les soldes au plus 60 fois par minute\. Rien n’a été envoyé/) } });
    } finally {
      await services.locale.choose({ language: null, formatLocale: null });
    }
    expect(host.requests).toHaveLength(before);
    clock += 60_000;
    expect(await call('accounts.list', {})).toMatchObject({ ok: true });
  });
});
