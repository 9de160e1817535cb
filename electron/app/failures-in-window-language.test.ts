import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../shared/ipc/journal.ts';
import type { ProfileView } from '../../shared/ipc/profile.ts';
import { createMemorySecretStore } from '../platform/profiles/secret-store.ts';
import { freePort } from '../platform/testing/free-port.ts';
import { createMainServices } from './main-services.ts';
import type { MainServices } from './main-services.ts';
import { routerCalls } from './testing/router-calls.ts';

/**
 * Main's own failures reach the window in its language: the platform's (a network failure of the
 * client, the router's refusal of a payload) are worded once, where the router makes the envelope,
 * in the language the window has now, while the journal keeps the English it recorded.
 */

let dataDir: string;
let services: MainServices;
let address: string;
const { call, value } = routerCalls(() => services);

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'mc-window-language-'));
  services = await createMainServices({
    dataDir,
    secretStore: createMemorySecretStore(),
    log: () => {},
    systemLocale: { preferredLanguages: ['de-DE', 'de'], systemLocale: 'de-DE' },
  });
  // Nothing listens there: the connection is refused.
  address = `127.0.0.1:${await freePort()}`;
  const saved = await value<ProfileView>('profiles.save', { name: 'Shop', baseUrl: `http://${address}/api/v2`, apiKey: 'key-language-1', secret: 'secret-language-1' });
  await value('profiles.select', { id: saved.id });
});
afterAll(async () => {
  await services?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('main’s failures in the window’s language', () => {
  it('names the built-in Local sandbox, made on first run, in the desktop’s language', async () => {
    const { profiles } = await value<{ profiles: ProfileView[] }>('profiles.list', {});
    expect(profiles.find((profile) => profile.kind === 'local-sandbox')?.name).toBe('Lokale Sandbox');
  });

  it('says a network failure in German on a German desktop; the journal keeps it in English', async () => {
    expect(await call('transactions.lookup', { id: 1 })).toEqual({
      ok: false,
      error: { kind: 'network', message: `Keine Verbindung zum Dienst unter ${address}: die Verbindung wurde abgewiesen (läuft der Dienst unter dieser Adresse?).` },
    });
    const { entries } = await value<{ entries: JournalEntry[] }>('journal.search', { text: '', operation: 'transactions.lookup' });
    expect(entries[0]?.message).toBe(`Could not talk to the service at ${address}: the connection was refused (is the service running at this address?).`);
  });

  it('says the router’s refusal of a payload in German', async () => {
    expect(await call('transactions.lookup', { id: 'one' })).toMatchObject({ ok: false, error: { kind: 'invalid_request', message: 'Einige Felder sind ungültig.' } });
  });

  it('follows a change of language at once, without a restart', async () => {
    await value('locale.set', { language: 'fr', formatLocale: null });
    expect(await call('transactions.lookup', { id: 1 })).toMatchObject({
      ok: false,
      error: { kind: 'network', message: `Impossible de communiquer avec le service à l’adresse ${address} : la connexion a été refusée (le service fonctionne-t-il à cette adresse ?).` },
    });
    expect(await call('nosuch.channel', {})).toMatchObject({ ok: false, error: { kind: 'unknown_channel', message: 'L’application ne propose pas cette opération.' } });
  });
});
