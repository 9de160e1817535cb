import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sayerFor, sayWording } from '../../../shared/i18n/index.ts';
import { inEnglish, inLanguage } from '../../../shared/i18n/testing/in-english.ts';
import { isAppFailure } from '../../../shared/ipc/errors.ts';
import { profileSaveRequest } from '../../../shared/ipc/profile.ts';
import { LOCAL_SANDBOX_ID, openProfileBook } from './profile-book.ts';
import type { ProfileBook } from './profile-book.ts';
import { PROFILES_FILE } from './profile-file.ts';
import { kindOfProfile, LOCAL_SANDBOX_ORIGIN } from './profile-kind.ts';
import { accountsOf } from './secret-store.ts';
import { refusalOf } from './testing/refusal.ts';
import { testKeychain } from './testing/test-keychain.ts';

/** A refused save as the form reads it (its fields in English), under `error` as the failure carries it. */
const refusedAs = async (call: Promise<unknown>) => ({ error: await refusalOf(call) });

// A key and secret belong to one base URL: scheme, host, port and path. The real keychain, a real profiles.json.

const keychain = testKeychain('credential binding');
const secrets = keychain.store;
let dataDir: string;
let book: ProfileBook;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'mc-binding-'));
  book = await openProfileBook({ dataDir, secrets });
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));
afterAll(() => keychain.clear());

const save = (value: unknown) => book.save(profileSaveRequest.parse(value));
const LIVE = 'https://app.cryptoprocessing.com/api/v2';
const credentialsOf = async (id: string) => JSON.parse((await secrets.get(accountsOf(id).credentials)) ?? 'null') as unknown;

describe('an edit that changes the origin', () => {
  it('needs the key and the secret again, each field saying where the stored ones are tied to; nothing changes', async () => {
    const shop = await save({ name: 'Shop', baseUrl: LIVE, apiKey: 'live-key-12345678', secret: 'live-secret' });
    for (const baseUrl of ['https://app.cryptoprocessing.co/api/v2', 'http://127.0.0.1:8787/api/v2', 'https://app.cryptoprocessing.com:8443/api/v2']) {
      expect(await refusedAs(save({ id: shop.id, name: 'Shop', baseUrl }))).toMatchObject({
        error: {
          kind: 'invalid_request',
          fields: {
            apiKey: `Enter the API key for ${baseUrl}: the stored one is tied to ${LIVE}, and is not sent to ${baseUrl}.`,
            secret: expect.stringContaining(`tied to ${LIVE}`),
          },
        },
      });
      expect(await refusedAs(save({ id: shop.id, name: 'Shop', baseUrl, secret: 'typed' }))).toMatchObject({ error: { fields: { apiKey: expect.any(String) } } });
    }
    expect(book.get(shop.id)).toMatchObject({ baseUrl: LIVE, name: 'Shop' });
    expect(await credentialsOf(shop.id)).toEqual({ baseUrl: LIVE, apiKey: 'live-key-12345678', secret: 'live-secret' });
  });

  it('says why in the window’s language: each field’s rule is worded by the form, the failure by the router', async () => {
    const shop = await save({ name: 'Shop', baseUrl: LIVE, apiKey: 'live-key-12345678', secret: 'live-secret' });
    const moved = 'https://app.cryptoprocessing.co/api/v2';
    const thrown = await save({ id: shop.id, name: 'Shop', baseUrl: moved }).catch((error: unknown) => error);
    if (!isAppFailure(thrown) || thrown.error.kind !== 'invalid_request') throw new Error('expected a refused field');
    expect(inLanguage('de', thrown.error.fields.apiKey)).toBe(`Geben Sie den API-Schlüssel für ${moved} ein: der gespeicherte ist an ${LIVE} gebunden und wird nicht an ${moved} gesendet.`);
    expect(inLanguage('fr', thrown.error.fields.secret)).toBe(`Saisissez la clé secrète pour ${moved} : celle enregistrée est liée à ${LIVE} et n’est pas envoyée à ${moved}.`);
    expect(thrown.wording && sayWording(sayerFor('de'), thrown.wording)).toMatch(/^Geben Sie den API-Schlüssel/);
  });

  it('with both typed, ties them to the new origin and shows the new key hint', async () => {
    const shop = await save({ name: 'Shop', baseUrl: LIVE, apiKey: 'live-key-12345678', secret: 'live-secret' });
    const moved = await save({ id: shop.id, name: 'Shop', baseUrl: 'https://app.sandbox.cryptoprocessing.com/api/v2', apiKey: 'sandbox-key-WXYZ', secret: 'sandbox-secret' });
    expect(moved).toMatchObject({ kind: 'sandbox', keyHint: 'WXYZ' });
    expect(await book.credentials(shop.id)).toEqual({ baseUrl: 'https://app.sandbox.cryptoprocessing.com/api/v2', apiKey: 'sandbox-key-WXYZ', secret: 'sandbox-secret' });
  });
});

describe('an edit that changes only the path', () => {
  it('needs the key and the secret again: another path on the same host is another address; nothing changes', async () => {
    const shop = await save({ name: 'Shop', baseUrl: LIVE, apiKey: 'live-key-12345678', secret: 'live-secret' });
    for (const baseUrl of ['https://app.cryptoprocessing.com/api/v3', 'https://app.cryptoprocessing.com/collector/api/v2', 'https://app.cryptoprocessing.com']) {
      expect(await refusedAs(save({ id: shop.id, name: 'Shop', baseUrl })), baseUrl).toMatchObject({
        error: { kind: 'invalid_request', fields: { apiKey: `Enter the API key for ${baseUrl}: the stored one is tied to ${LIVE}, and is not sent to ${baseUrl}.`, secret: expect.any(String) } },
      });
    }
    expect(book.get(shop.id)).toMatchObject({ baseUrl: LIVE });
    expect(await credentialsOf(shop.id)).toEqual({ baseUrl: LIVE, apiKey: 'live-key-12345678', secret: 'live-secret' });
  });

  it('keeps them for the same base URL however it is written (case of the host, default port, trailing slash)', async () => {
    const shop = await save({ name: 'Shop', baseUrl: LIVE, apiKey: 'live-key-12345678', secret: 'live-secret' });
    await save({ id: shop.id, name: 'Shop', baseUrl: 'https://APP.cryptoprocessing.com:443/api/v2/' });
    expect(await book.credentials(shop.id)).toMatchObject({ baseUrl: LIVE, apiKey: 'live-key-12345678' });
  });
});

describe('a base URL with a query or a fragment', () => {
  it('is refused by the contract, on the base URL field, before any profile changes', async () => {
    for (const baseUrl of [`${LIVE}?dt=1`, `${LIVE}?`, `${LIVE}#x`, `https://app.cryptoprocessing.com?/api/v2`]) {
      const parsed = profileSaveRequest.safeParse({ name: 'Shop', baseUrl, apiKey: 'live-key-12345678', secret: 'live-secret' });
      expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), inEnglish(issue.message)]), baseUrl).toEqual([
        ['baseUrl', 'A base URL has no ?query or #fragment: enter it up to its path, such as https://app.cryptoprocessing.com/api/v2'],
      ]);
    }
  });
});

describe('profiles.json edited by another process', () => {
  async function tamper(change: (record: Record<string, unknown>) => void): Promise<void> {
    const path = join(dataDir, PROFILES_FILE);
    const file = JSON.parse(await readFile(path, 'utf8')) as { profiles: Array<Record<string, unknown>> };
    file.profiles.forEach(change);
    await writeFile(path, JSON.stringify(file));
    book = await openProfileBook({ dataDir, secrets });
  }

  it('cannot redirect credentials: they are refused at the new address until a person types them for it', async () => {
    const shop = await save({ name: 'Shop', baseUrl: LIVE, apiKey: 'live-key-12345678', secret: 'live-secret' });
    await tamper((record) => {
      if (record.id === shop.id) record.baseUrl = 'https://collector.example.net/api/v2';
    });
    await expect(book.credentials(shop.id)).rejects.toMatchObject({
      error: { kind: 'configuration', message: expect.stringMatching(/tied to https:\/\/app\.cryptoprocessing\.com\/api\/v2, but the profile now points at https:\/\/collector\.example\.net\/api\/v2 .*Nothing was sent/) },
    });
    expect(await book.credentialFacts(shop.id)).toEqual({ hasSecret: true, baseUrl: LIVE, receiverUrl: null, teamJournalPasswordFor: null });
    // Saving the tampered address as it stands does not carry the credentials over either.
    expect(await refusedAs(save({ id: shop.id, name: 'Shop', baseUrl: 'https://collector.example.net/api/v2' }))).toMatchObject({ error: { kind: 'invalid_request' } });
    // Pointing it back is enough.
    await save({ id: shop.id, name: 'Shop', baseUrl: LIVE });
    expect(await book.credentials(shop.id)).toMatchObject({ apiKey: 'live-key-12345678' });
  });

  it('cannot move the credentials to another path on the same host either', async () => {
    const shop = await save({ name: 'Shop', baseUrl: LIVE, apiKey: 'live-key-12345678', secret: 'live-secret' });
    await tamper((record) => {
      if (record.id === shop.id) record.baseUrl = 'https://app.cryptoprocessing.com/collector';
    });
    await expect(book.credentials(shop.id)).rejects.toMatchObject({
      error: { kind: 'configuration', message: expect.stringContaining(`tied to ${LIVE}, but the profile now points at https://app.cryptoprocessing.com/collector `) },
    });
  });

  it('never has its kind read: it is worked out from the id and the address, and not written', async () => {
    const shop = await save({ name: 'Shop', baseUrl: LIVE, apiKey: 'live-key-12345678', secret: 'live-secret' });
    await tamper((record) => {
      record.kind = record.id === shop.id ? 'sandbox' : 'live';
      if (record.id === LOCAL_SANDBOX_ID) record.baseUrl = 'https://collector.example.net/api/v2';
    });
    expect(book.list().profiles.map((p) => [p.id, p.kind, p.baseUrl])).toEqual([
      [LOCAL_SANDBOX_ID, 'local-sandbox', ''],
      [shop.id, 'live', LIVE],
    ]);
    await book.select(shop.id);
    expect(await readFile(join(dataDir, PROFILES_FILE), 'utf8')).not.toContain('"kind"');
  });

  it('kinds: the service sandbox host is "sandbox"; every other address, loopback too, is live', () => {
    expect(kindOfProfile('p', 'https://app.sandbox.cryptoprocessing.com/api/v2')).toBe('sandbox');
    expect(kindOfProfile('p', 'https://APP.SANDBOX.cryptoprocessing.com:443/x')).toBe('sandbox');
    for (const baseUrl of ['https://app.cryptoprocessing.com/api/v2', 'https://sandbox.example.com/api/v2', 'http://127.0.0.1:8787/api/v2', '']) {
      expect(kindOfProfile('p', baseUrl), baseUrl).toBe('live');
    }
    expect(kindOfProfile(LOCAL_SANDBOX_ID, 'https://example.com')).toBe('local-sandbox');
  });
});

describe('keychain entries of an earlier version (a key and a secret, no origin)', () => {
  async function earlierProfile(baseUrl: string): Promise<string> {
    const shop = await save({ name: 'Shop', baseUrl, apiKey: 'old-key-12345678', secret: 'old-secret' });
    const accounts = accountsOf(shop.id);
    await secrets.delete(accounts.credentials);
    await secrets.set(accounts.legacyApiKey, 'old-key-12345678');
    await secrets.set(accounts.legacySecret, 'old-secret');
    return shop.id;
  }

  it('are tied to the service on first use when the profile points at the service: a file can only send them there', async () => {
    const id = await earlierProfile(LIVE);
    expect(await book.credentials(id)).toEqual({ baseUrl: LIVE, apiKey: 'old-key-12345678', secret: 'old-secret' });
    expect(await secrets.get(accountsOf(id).legacyApiKey)).toBeNull();
    expect(await secrets.get(accountsOf(id).legacySecret)).toBeNull();
  });

  it('are not tied to any other address: a person types them again, once', async () => {
    const id = await earlierProfile('https://processing.example.com/api/v2');
    expect(await book.credentialFacts(id)).toEqual({ hasSecret: false, baseUrl: null, receiverUrl: null, teamJournalPasswordFor: null });
    await expect(book.credentials(id)).rejects.toMatchObject({ error: { kind: 'configuration', message: expect.stringContaining('enter them again, once') } });
    expect(await refusedAs(save({ id, name: 'Shop', baseUrl: 'https://processing.example.com/api/v2' }))).toMatchObject({
       error: { fields: { apiKey: expect.stringContaining('none is stored that may be sent there') } },
    });
    await save({ id, name: 'Shop', baseUrl: 'https://processing.example.com/api/v2', apiKey: 'new-key-12345678', secret: 'new-secret' });
    expect(await book.credentials(id)).toMatchObject({ baseUrl: 'https://processing.example.com/api/v2', apiKey: 'new-key-12345678' });
    expect(await secrets.get(accountsOf(id).legacySecret)).toBeNull();
  });

  it('of the local sandbox are tied to the sandbox inside the app', async () => {
    const old = await book.credentials(LOCAL_SANDBOX_ID);
    const accounts = accountsOf(LOCAL_SANDBOX_ID);
    await secrets.delete(accounts.credentials);
    await secrets.set(accounts.legacyApiKey, old.apiKey);
    await secrets.set(accounts.legacySecret, old.secret);
    expect(await book.credentials(LOCAL_SANDBOX_ID)).toEqual({ ...old, baseUrl: LOCAL_SANDBOX_ORIGIN });
  });
});

describe('keychain entries of the previous version (tied to an origin, any path)', () => {
  async function originBound(baseUrl: string, origin: string): Promise<string> {
    const shop = await save({ name: 'Shop', baseUrl, apiKey: 'old-key-12345678', secret: 'old-secret' });
    await secrets.set(accountsOf(shop.id).credentials, JSON.stringify({ origin, apiKey: 'old-key-12345678', secret: 'old-secret' }));
    return shop.id;
  }

  it('keep working at the service’s own path on that origin, and are tied to the full base URL on first use', async () => {
    for (const [baseUrl, origin] of [
      [LIVE, 'https://app.cryptoprocessing.com'],
      ['https://processing.example.com/api/v2', 'https://processing.example.com'],
    ] as const) {
      const id = await originBound(baseUrl, origin);
      expect(await book.credentials(id)).toEqual({ baseUrl, apiKey: 'old-key-12345678', secret: 'old-secret' });
      expect(await credentialsOf(id)).toEqual({ baseUrl, apiKey: 'old-key-12345678', secret: 'old-secret' });
    }
  });

  it('are not taken to any other path on that origin: a person types them again, once', async () => {
    const baseUrl = 'https://app.cryptoprocessing.com/collector';
    const id = await originBound(baseUrl, 'https://app.cryptoprocessing.com');
    await expect(book.credentials(id)).rejects.toMatchObject({ error: { kind: 'configuration', message: expect.stringContaining('enter them again, once') } });
    expect(await book.credentialFacts(id)).toEqual({ hasSecret: false, baseUrl: null, receiverUrl: null, teamJournalPasswordFor: null });
    expect(await refusedAs(save({ id, name: 'Shop', baseUrl }))).toMatchObject({ error: { fields: { apiKey: expect.stringContaining('none is stored that may be sent there') } } });
    // Nor to the default path of another origin.
    const other = await originBound(LIVE, 'https://app.sandbox.cryptoprocessing.com');
    await expect(book.credentials(other)).rejects.toMatchObject({ error: { kind: 'configuration' } });
  });

  it('of the local sandbox stay tied to the sandbox inside the app', async () => {
    const old = await book.credentials(LOCAL_SANDBOX_ID);
    await secrets.set(accountsOf(LOCAL_SANDBOX_ID).credentials, JSON.stringify({ origin: LOCAL_SANDBOX_ORIGIN, apiKey: old.apiKey, secret: old.secret }));
    expect(await book.credentials(LOCAL_SANDBOX_ID)).toEqual(old);
  });
});

describe('a receiver URL', () => {
  const RECEIVER = 'https://callbacks.example.com';

  it('is tied in the same keychain entry as the key and secret; without one the entry is written as before', async () => {
    const shop = await save({ name: 'Shop', baseUrl: LIVE, receiverUrl: `${RECEIVER}/`, apiKey: 'live-key-12345678', secret: 'live-secret' });
    expect(await credentialsOf(shop.id)).toEqual({ baseUrl: LIVE, receiverUrl: RECEIVER, apiKey: 'live-key-12345678', secret: 'live-secret' });
    expect(await book.receiverCredentials(shop.id)).toEqual({ url: RECEIVER, apiKey: 'live-key-12345678', secret: 'live-secret' });
    expect(await book.credentialFacts(shop.id)).toMatchObject({ receiverUrl: RECEIVER });
    const plain = await save({ name: 'Plain', baseUrl: LIVE, apiKey: 'live-key-87654321', secret: 'other-secret' });
    expect(await credentialsOf(plain.id)).toEqual({ baseUrl: LIVE, apiKey: 'live-key-87654321', secret: 'other-secret' });
    expect(await book.receiverCredentials(plain.id)).toBeNull();
  });

  it('a new one needs the key and the secret again, each field saying which receiver they sign for; nothing changes', async () => {
    const shop = await save({ name: 'Shop', baseUrl: LIVE, receiverUrl: RECEIVER, apiKey: 'live-key-12345678', secret: 'live-secret' });
    expect(await refusedAs(save({ id: shop.id, name: 'Shop', baseUrl: LIVE, receiverUrl: 'https://elsewhere.example.com' }))).toMatchObject({
       error: {
        kind: 'invalid_request',
        fields: {
          apiKey: `Enter the API key for the receiver https://elsewhere.example.com: the stored one signs reads for ${RECEIVER} only, and is not sent anywhere else.`,
          secret: expect.stringContaining(`reads for ${RECEIVER} only`),
        },
      },
    });
    expect(book.get(shop.id)).toMatchObject({ receiverUrl: RECEIVER });
    expect(await credentialsOf(shop.id)).toMatchObject({ receiverUrl: RECEIVER });
  });

  it('edited in profiles.json is not read with the key: nothing is sent until a person fixes it', async () => {
    const shop = await save({ name: 'Shop', baseUrl: LIVE, receiverUrl: RECEIVER, apiKey: 'live-key-12345678', secret: 'live-secret' });
    const file = join(dataDir, PROFILES_FILE);
    await writeFile(file, (await readFile(file, 'utf8')).replace(RECEIVER, 'https://elsewhere.example.com'));
    book = await openProfileBook({ dataDir, secrets });
    await expect(book.receiverCredentials(shop.id)).rejects.toMatchObject({
      error: { kind: 'configuration', message: expect.stringMatching(/sign reads for https:\/\/callbacks\.example\.com only, .*https:\/\/elsewhere\.example\.com.*Nothing was sent/) },
    });
    // Added in the file where none was entered: the same.
    const plain = await save({ name: 'Plain', baseUrl: LIVE, apiKey: 'live-key-87654321', secret: 'other-secret' });
    const stored = JSON.parse(await readFile(file, 'utf8')) as { profiles: Array<{ id: string; receiverUrl: string | null }> };
    for (const profile of stored.profiles) if (profile.id === plain.id) profile.receiverUrl = RECEIVER;
    await writeFile(file, JSON.stringify(stored));
    book = await openProfileBook({ dataDir, secrets });
    await expect(book.receiverCredentials(plain.id)).rejects.toMatchObject({ error: { message: expect.stringContaining('are tied to no receiver') } });
  });

  it('the local sandbox has none, whatever profiles.json says', async () => {
    const file = join(dataDir, PROFILES_FILE);
    const stored = JSON.parse(await readFile(file, 'utf8')) as { profiles: Array<{ id: string; receiverUrl?: string | null }> };
    for (const profile of stored.profiles) if (profile.id === LOCAL_SANDBOX_ID) profile.receiverUrl = RECEIVER;
    await writeFile(file, JSON.stringify(stored));
    book = await openProfileBook({ dataDir, secrets });
    expect(book.get(LOCAL_SANDBOX_ID).receiverUrl).toBeNull();
    expect(await book.receiverCredentials(LOCAL_SANDBOX_ID)).toBeNull();
  });
});
