import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { profileSaveRequest } from '../../../shared/ipc/profile.ts';
import { LOCAL_SANDBOX_ID, openProfileBook } from './profile-book.ts';
import { PROFILES_FILE } from './profile-file.ts';
import { LOCAL_SANDBOX_ORIGIN } from './profile-kind.ts';
import { accountsOf } from './secret-store.ts';
import { refusalOf } from './testing/refusal.ts';
import { testKeychain } from './testing/test-keychain.ts';

// Real keytar against the keychain of a private D-Bus session (scripts/test.sh).
const keychain = testKeychain('profiles');
const secrets = keychain.store;

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'mc-profiles-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});
afterAll(() => keychain.clear());

const request = (value: unknown) => profileSaveRequest.parse(value);
const LIVE_KEY = `live-key-${randomBytes(12).toString('hex')}`;
const LIVE_SECRET = `live-secret-${randomBytes(24).toString('hex')}`;
const LIVE_BASE_URL = 'https://app.cryptoprocessing.com/api/v2';

/** Every byte of every file in the data folder, as text. */
async function allBytes(dir: string): Promise<string> {
  const names = await readdir(dir, { recursive: true, withFileTypes: true });
  const parts = await Promise.all(names.filter((e) => e.isFile()).map((e) => readFile(join(e.parentPath, e.name), 'latin1')));
  return parts.join('\n');
}

describe('profile book', () => {
  it('starts with the local sandbox active, its credentials generated into the keychain', async () => {
    const book = await openProfileBook({ dataDir, secrets: secrets });
    const { profiles, activeId } = book.list();
    expect(profiles).toHaveLength(1);
    expect(profiles[0]).toMatchObject({ id: LOCAL_SANDBOX_ID, kind: 'local-sandbox', name: 'Local sandbox' });
    expect(activeId).toBe(LOCAL_SANDBOX_ID);
    const credentials = await book.credentials(LOCAL_SANDBOX_ID);
    expect(credentials.apiKey).toMatch(/^[0-9a-f]{48}$/);
    // One entry: tied to the sandbox inside the app, which no address can equal.
    expect(JSON.parse((await secrets.get(accountsOf(LOCAL_SANDBOX_ID).credentials)) ?? '')).toEqual({ ...credentials, baseUrl: LOCAL_SANDBOX_ORIGIN });
    // A second opening keeps the same ones.
    const again = await openProfileBook({ dataDir, secrets: secrets });
    expect(await again.credentials(LOCAL_SANDBOX_ID)).toEqual(credentials);
  });

  it('adds, edits, selects and removes a profile; removing deletes its keychain entries', async () => {
    const book = await openProfileBook({ dataDir, secrets: secrets, now: () => Date.UTC(2025, 0, 2) });
    const added = await book.save(request({ name: 'Live', baseUrl: 'https://app.cryptoprocessing.com/api/v2/', apiKey: LIVE_KEY, secret: LIVE_SECRET }));
    expect(added).toMatchObject({ name: 'Live', baseUrl: 'https://app.cryptoprocessing.com/api/v2', kind: 'live', keyHint: LIVE_KEY.slice(-4), createdAt: '2025-01-02T00:00:00.000Z' });
    expect(await book.credentials(added.id)).toEqual({ baseUrl: LIVE_BASE_URL, apiKey: LIVE_KEY, secret: LIVE_SECRET });
    expect(await book.credentialFacts(added.id)).toEqual({ hasSecret: true, baseUrl: LIVE_BASE_URL, receiverUrl: null, teamJournalPasswordFor: null });
    expect(book.list().activeId).toBe(LOCAL_SANDBOX_ID);

    // Within the same origin, empty key and secret keep the stored ones.
    const edited = await book.save(request({ id: added.id, name: 'Live EU', baseUrl: 'https://APP.cryptoprocessing.com:443/api/v2', apiKey: '', secret: '' }));
    expect(edited).toMatchObject({ name: 'Live EU', kind: 'live', keyHint: LIVE_KEY.slice(-4) });
    expect(await book.credentials(added.id)).toEqual({ baseUrl: LIVE_BASE_URL, apiKey: LIVE_KEY, secret: LIVE_SECRET });
    await book.save(request({ id: added.id, name: 'Live EU', baseUrl: edited.baseUrl, secret: 'a-new-secret-value' }));
    expect(await book.credentials(added.id)).toEqual({ baseUrl: LIVE_BASE_URL, apiKey: LIVE_KEY, secret: 'a-new-secret-value' });

    await book.select(added.id);
    expect(book.active()?.id).toBe(added.id);
    // The change is in the file, read back by a fresh book.
    expect((await openProfileBook({ dataDir, secrets: secrets })).active()?.id).toBe(added.id);

    await book.remove(added.id);
    expect(book.list().profiles.map((p) => p.id)).toEqual([LOCAL_SANDBOX_ID]);
    expect(book.list().activeId).toBe(LOCAL_SANDBOX_ID);
    expect(await secrets.get(accountsOf(added.id).credentials)).toBeNull();
  });

  it('tells its listeners after each change is written, and not after a change it refused', async () => {
    const book = await openProfileBook({ dataDir, secrets: secrets });
    const heard: string[] = [];
    book.onChange(() => heard.push(book.active()?.name ?? 'none'));
    const added = await book.save(request({ name: 'Shop', baseUrl: LIVE_BASE_URL, apiKey: LIVE_KEY, secret: LIVE_SECRET }));
    await book.select(added.id);
    await book.save(request({ id: added.id, name: 'Shop EU', baseUrl: LIVE_BASE_URL }));
    await expect(book.remove(LOCAL_SANDBOX_ID)).rejects.toMatchObject({ error: { kind: 'configuration' } });
    await book.remove(added.id);
    // What each listener saw: the book as written (the active profile's name), once per change.
    expect(heard).toEqual(['Local sandbox', 'Shop', 'Shop EU', 'Local sandbox']);
  });

  it('never writes a key or a secret to the data folder', async () => {
    const book = await openProfileBook({ dataDir, secrets: secrets });
    const a = await book.save(request({ name: 'A', baseUrl: 'https://a.example.com/api/v2', apiKey: LIVE_KEY, secret: LIVE_SECRET }));
    await book.save(request({ id: a.id, name: 'A2', baseUrl: 'https://a.example.com/api/v2', apiKey: `${LIVE_KEY}x`, secret: `${LIVE_SECRET}y` }));
    const b = await book.save(request({ name: 'B', baseUrl: 'http://127.0.0.1:9/api/v2', apiKey: 'b-key-0123456789', secret: 'b-secret-0123456789' }));
    await book.select(b.id);
    await book.remove(a.id);
    const sandbox = await book.credentials(LOCAL_SANDBOX_ID);
    const bytes = await allBytes(dataDir);
    expect(bytes).toContain('"name": "B"');
    for (const secret of [LIVE_KEY, LIVE_SECRET, `${LIVE_KEY}x`, `${LIVE_SECRET}y`, 'b-key-0123456789', 'b-secret-0123456789', sandbox.apiKey, sandbox.secret]) {
      expect(bytes.includes(secret), 'a key or secret reached the data folder').toBe(false);
    }
    await book.remove(b.id);
  });

  it('refuses an added profile without key or secret, and an unknown id', async () => {
    const book = await openProfileBook({ dataDir, secrets: secrets });
    expect(await refusalOf(book.save(request({ name: 'X', baseUrl: 'https://x.example.com', secret: 's' })))).toMatchObject({
      kind: 'invalid_request',
      message: 'Enter the API key',
      fields: { apiKey: 'Enter the API key' },
    });
    expect(await refusalOf(book.save(request({ name: 'X', baseUrl: 'https://x.example.com', apiKey: 'k' })))).toMatchObject({
      kind: 'invalid_request',
      fields: { secret: 'Enter the secret key' },
    });
    await expect(book.select('nope')).rejects.toMatchObject({ error: { kind: 'not_found' } });
    expect(book.list().profiles).toHaveLength(1);
  });

  it('keeps the local sandbox: it cannot be removed, and its credentials are not editable', async () => {
    const book = await openProfileBook({ dataDir, secrets: secrets });
    await expect(book.remove(LOCAL_SANDBOX_ID)).rejects.toMatchObject({ error: { kind: 'configuration' } });
    await expect(book.save(request({ id: LOCAL_SANDBOX_ID, name: 'Mine', baseUrl: 'http://127.0.0.1', apiKey: 'k' }))).rejects.toMatchObject({
      error: { kind: 'invalid_request' },
    });
    const renamed = await book.save(request({ id: LOCAL_SANDBOX_ID, name: 'My sandbox', baseUrl: 'http://127.0.0.1' }));
    expect(renamed).toMatchObject({ name: 'My sandbox', baseUrl: '', kind: 'local-sandbox' });
  });

  it('says plainly when the stored key and secret have gone missing from the keychain, or are not ours', async () => {
    const book = await openProfileBook({ dataDir, secrets: secrets });
    const a = await book.save(request({ name: 'A', baseUrl: 'https://a.example.com', apiKey: LIVE_KEY, secret: LIVE_SECRET }));
    for (const left of [null, 'not json', '{"apiKey":"k","secret":"s"}']) {
      if (left === null) await secrets.delete(accountsOf(a.id).credentials);
      else await secrets.set(accountsOf(a.id).credentials, left);
      expect(await book.credentialFacts(a.id)).toEqual({ hasSecret: false, baseUrl: null, receiverUrl: null, teamJournalPasswordFor: null });
      await expect(book.credentials(a.id)).rejects.toMatchObject({ error: { kind: 'configuration', message: expect.stringContaining('No API key and secret are stored') } });
    }
    await book.remove(a.id);
  });

  it('stores the merchant name in profiles.json, not the keychain: set on add, kept or changed on edit, the local sandbox too', async () => {
    const book = await openProfileBook({ dataDir, secrets: secrets });
    const added = await book.save(request({ name: 'Live', merchantName: ' Acme GmbH ', baseUrl: LIVE_BASE_URL, apiKey: LIVE_KEY, secret: LIVE_SECRET }));
    expect(added.merchantName).toBe('Acme GmbH');
    expect(JSON.parse(await readFile(join(dataDir, PROFILES_FILE), 'utf8')).profiles[1]).toMatchObject({ id: added.id, merchantName: 'Acme GmbH' });
    expect(await secrets.get(accountsOf(added.id).credentials)).not.toContain('Acme');
    // Absent from an edit: kept; empty: none.
    await book.save(request({ id: added.id, name: 'Live EU', baseUrl: LIVE_BASE_URL }));
    expect((await openProfileBook({ dataDir, secrets: secrets })).get(added.id).merchantName).toBe('Acme GmbH');
    expect((await book.save(request({ id: added.id, name: 'Live EU', merchantName: 'Acme EU Ltd', baseUrl: LIVE_BASE_URL }))).merchantName).toBe('Acme EU Ltd');
    expect((await book.save(request({ id: added.id, name: 'Live EU', merchantName: '', baseUrl: LIVE_BASE_URL }))).merchantName).toBeNull();
    // The local sandbox's name is the user's, and so is its merchant name.
    expect(book.get(LOCAL_SANDBOX_ID).merchantName).toBeNull();
    await book.save(request({ id: LOCAL_SANDBOX_ID, name: 'Local sandbox', merchantName: 'Test Shop', baseUrl: 'http://127.0.0.1' }));
    expect((await openProfileBook({ dataDir, secrets: secrets })).get(LOCAL_SANDBOX_ID)).toMatchObject({ merchantName: 'Test Shop', baseUrl: '' });
    await book.remove(added.id);
  });

  it('reads a profiles.json of an earlier version, which has no merchant names: none', async () => {
    const createdAt = '2025-01-02T00:00:00.000Z';
    const earlier = {
      version: 1,
      activeId: LOCAL_SANDBOX_ID,
      profiles: [
        { id: LOCAL_SANDBOX_ID, name: 'Local sandbox', baseUrl: '', keyHint: null, createdAt },
        { id: 'p-old', name: 'Old', baseUrl: LIVE_BASE_URL, keyHint: null, createdAt, teamJournal: null },
      ],
    };
    await writeFile(join(dataDir, PROFILES_FILE), JSON.stringify(earlier));
    const book = await openProfileBook({ dataDir, secrets: secrets });
    expect(book.list().profiles.map((p) => [p.id, p.merchantName])).toEqual([
      [LOCAL_SANDBOX_ID, null],
      ['p-old', null],
    ]);
  });

  it('reports a damaged profiles.json instead of starting over', async () => {
    await writeFile(join(dataDir, PROFILES_FILE), '{"version":1,');
    await expect(openProfileBook({ dataDir, secrets: secrets })).rejects.toMatchObject({ error: { kind: 'configuration' } });
  });

  it('writes atomically: no temp file is left behind', async () => {
    const book = await openProfileBook({ dataDir, secrets: secrets });
    await Promise.all([book.save(request({ name: 'P', baseUrl: 'https://p.example.com', apiKey: 'p-key-12345678', secret: 'p-s' })), book.select(LOCAL_SANDBOX_ID)]);
    expect((await readdir(dataDir)).sort()).toEqual([PROFILES_FILE]);
    const [p] = book.list().profiles.filter((r) => r.name === 'P');
    if (p) await book.remove(p.id);
  });
});
