import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { profileSaveRequest } from '../../../shared/ipc/profile.ts';
import { makeTestTls } from '../journal/testing/self-signed-tls.ts';
import { LOCAL_SANDBOX_ID, openProfileBook } from './profile-book.ts';
import type { ProfileBook } from './profile-book.ts';
import { PROFILES_FILE } from './profile-file.ts';
import { accountsOf } from './secret-store.ts';
import { NAME_FIRST } from './team-journal-change.ts';
import { testKeychain } from './testing/test-keychain.ts';

// Issue 15: a live profile's team journal. Settings in profiles.json, the password in the real
// keychain (private D-Bus session), tied to postgres://user@host:port/database.

const keychain = testKeychain('team journal');
const secrets = keychain.store;
let dataDir: string;
let caFolder: string;
let caFile: string;
let displayName: string | null;
let book: ProfileBook;

beforeAll(async () => {
  caFolder = await mkdtemp(join(tmpdir(), 'mc-team-ca-'));
  caFile = (await makeTestTls(caFolder)).caFile;
});
afterAll(async () => {
  await keychain.clear();
  await rm(caFolder, { recursive: true, force: true });
});
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'mc-team-profile-'));
  displayName = 'Ana Ruiz';
  book = await openProfileBook({ dataDir, secrets, displayName: () => displayName });
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const LIVE = { name: 'Shop', baseUrl: 'https://app.cryptoprocessing.com/api/v2', apiKey: 'live-key-12345678', secret: 'live-secret' };
const TEAM = { host: 'journal.example.com', port: 5432, database: 'finance', user: 'console', caFile: null };
const TARGET = 'postgres://console@journal.example.com:5432/finance';
const PASSWORD = 'team-password-7f3a';
const save = (value: unknown) => book.save(profileSaveRequest.parse(value));
const storedEntry = async (id: string) => JSON.parse((await secrets.get(accountsOf(id).teamJournal)) ?? 'null') as unknown;

describe("a profile's team journal", () => {
  it('keeps the settings in profiles.json and the password in the keychain only, tied to postgres://user@host:port/database', async () => {
    const shop = await save({ ...LIVE, teamJournal: TEAM, teamJournalPassword: PASSWORD });
    expect(shop.teamJournal).toEqual(TEAM);
    expect(await book.teamJournalPassword(shop.id)).toBe(PASSWORD);
    expect(await storedEntry(shop.id)).toEqual({ target: TARGET, password: PASSWORD });
    expect(await book.credentialFacts(shop.id)).toMatchObject({ teamJournalPasswordFor: TARGET });
    const file = await readFile(join(dataDir, PROFILES_FILE), 'utf8');
    expect(file).toContain('"host": "journal.example.com"');
    expect(file).not.toContain(PASSWORD);
    // Kept across openings; an edit without the password keeps it while the target stays the same (a CA file added too).
    const reopened = await openProfileBook({ dataDir, secrets, displayName: () => displayName });
    expect(reopened.get(shop.id).teamJournal).toEqual(TEAM);
    const edited = await reopened.save(profileSaveRequest.parse({ id: shop.id, name: 'Shop 2', baseUrl: LIVE.baseUrl, teamJournal: { ...TEAM, caFile } }));
    expect(edited.teamJournal).toEqual({ ...TEAM, caFile });
    expect(await reopened.teamJournalPassword(shop.id)).toBe(PASSWORD);
    // An edit that leaves teamJournal out keeps it as it is.
    expect((await reopened.save(profileSaveRequest.parse({ id: shop.id, name: 'Shop 3', baseUrl: LIVE.baseUrl }))).teamJournal).toEqual({ ...TEAM, caFile });
  });

  it.each([
    ['host', { host: 'journal2.example.com' }, 'postgres://console@journal2.example.com:5432/finance'],
    ['port', { port: 6432 }, 'postgres://console@journal.example.com:6432/finance'],
    ['database', { database: 'finance_eu' }, 'postgres://console@journal.example.com:5432/finance_eu'],
    ['user', { user: 'auditor' }, 'postgres://auditor@journal.example.com:5432/finance'],
  ])('a new %s needs the password typed again, saying where the stored one is tied to; nothing changes', async (_what, change, target) => {
    const shop = await save({ ...LIVE, teamJournal: TEAM, teamJournalPassword: PASSWORD });
    await expect(save({ id: shop.id, name: 'Shop', baseUrl: LIVE.baseUrl, teamJournal: { ...TEAM, ...change } })).rejects.toMatchObject({
      error: { kind: 'invalid_request', fields: { teamJournalPassword: `Enter the team journal's password for ${target}: the stored one is tied to ${TARGET}, and is not sent to ${target}.` } },
    });
    expect(book.get(shop.id).teamJournal).toEqual(TEAM);
    expect(await storedEntry(shop.id)).toEqual({ target: TARGET, password: PASSWORD });
    // With the password typed again, the new target is saved, and the password is tied to it.
    await save({ id: shop.id, name: 'Shop', baseUrl: LIVE.baseUrl, teamJournal: { ...TEAM, ...change }, teamJournalPassword: 'new-password' });
    expect(await storedEntry(shop.id)).toEqual({ target, password: 'new-password' });
  });

  it('a host changed outside the app (profiles.json edited) gets no password: a configuration failure says what to fix', async () => {
    const shop = await save({ ...LIVE, teamJournal: TEAM, teamJournalPassword: PASSWORD });
    const file = JSON.parse(await readFile(join(dataDir, PROFILES_FILE), 'utf8')) as { profiles: { id: string; teamJournal: unknown }[] };
    for (const profile of file.profiles) if (profile.id === shop.id) profile.teamJournal = { ...TEAM, host: 'evil.example.net' };
    await writeFile(join(dataDir, PROFILES_FILE), JSON.stringify(file));
    const tampered = await openProfileBook({ dataDir, secrets, displayName: () => displayName });
    await expect(tampered.teamJournalPassword(shop.id)).rejects.toMatchObject({
      error: {
        kind: 'configuration',
        message: `The team journal password of "Shop" is tied to ${TARGET}, not to postgres://console@evil.example.net:5432/finance, so it was not sent. Edit the profile: point its team journal back at ${TARGET}, or enter the password for postgres://console@evil.example.net:5432/finance.`,
      },
    });
  });

  it('with no password stored, or a damaged entry, says so', async () => {
    const shop = await save({ ...LIVE, teamJournal: TEAM, teamJournalPassword: PASSWORD });
    for (const left of [null, 'not json', '{"password":"p"}']) {
      if (left === null) await secrets.delete(accountsOf(shop.id).teamJournal);
      else await secrets.set(accountsOf(shop.id).teamJournal, left);
      await expect(book.teamJournalPassword(shop.id)).rejects.toMatchObject({ error: { kind: 'configuration', message: 'No team journal password is stored in the keychain for "Shop". Edit the profile and enter it again.' } });
    }
  });

  it('joining needs the password, and a display name set first', async () => {
    await expect(save({ ...LIVE, teamJournal: TEAM })).rejects.toMatchObject({
      error: { kind: 'invalid_request', fields: { teamJournalPassword: `Enter the team journal's password for ${TARGET}: none is stored for it.` } },
    });
    displayName = null;
    await expect(save({ ...LIVE, teamJournal: TEAM, teamJournalPassword: PASSWORD })).rejects.toMatchObject({ error: { kind: 'invalid_request', message: NAME_FIRST, fields: { teamJournal: NAME_FIRST } } });
    expect(book.list().profiles.map((p) => p.name)).toEqual(['Local sandbox']);
  });

  it('the local sandbox refuses a team journal and its password', async () => {
    const sandbox = { id: LOCAL_SANDBOX_ID, name: 'Local sandbox', baseUrl: 'http://127.0.0.1:1/api/v2' };
    const refusal = 'The local sandbox exists on this desktop only: it cannot record into a team journal.';
    await expect(save({ ...sandbox, teamJournal: TEAM, teamJournalPassword: PASSWORD })).rejects.toMatchObject({ error: { kind: 'invalid_request', fields: { teamJournal: refusal } } });
    await expect(save({ ...sandbox, teamJournalPassword: PASSWORD })).rejects.toMatchObject({ error: { kind: 'invalid_request', fields: { teamJournal: refusal } } });
    expect(book.get(LOCAL_SANDBOX_ID).teamJournal).toBeNull();
    expect(await secrets.get(accountsOf(LOCAL_SANDBOX_ID).teamJournal)).toBeNull();
    // Nor can profiles.json give it one.
    const file = JSON.parse(await readFile(join(dataDir, PROFILES_FILE), 'utf8')) as { profiles: { id: string; teamJournal: unknown }[] };
    for (const profile of file.profiles) profile.teamJournal = TEAM;
    await writeFile(join(dataDir, PROFILES_FILE), JSON.stringify(file));
    expect((await openProfileBook({ dataDir, secrets })).get(LOCAL_SANDBOX_ID).teamJournal).toBeNull();
  });

  it('refuses a CA file that is not a readable PEM file, naming it', async () => {
    const notPem = join(dataDir, 'not-a-ca.txt');
    await writeFile(notPem, 'hello');
    const broken = join(dataDir, 'broken.pem');
    await writeFile(broken, '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n');
    for (const [path, problem] of [
      [join(dataDir, 'missing.pem'), 'does not exist'],
      [notPem, 'holds no PEM certificate (-----BEGIN CERTIFICATE-----)'],
      [broken, 'holds a certificate that cannot be read'],
      [dataDir, 'is not a file'],
      ['/dev/zero', 'is not a file'],
    ] as const) {
      await expect(save({ ...LIVE, teamJournal: { ...TEAM, caFile: path }, teamJournalPassword: PASSWORD })).rejects.toMatchObject({
        error: { kind: 'invalid_request', fields: { 'teamJournal.caFile': `The CA file ${path} ${problem}.` } },
      });
    }
    expect(book.list().profiles).toHaveLength(1);
  });

  it('leaving the team journal removes its password; removing the profile removes it too', async () => {
    const shop = await save({ ...LIVE, teamJournal: TEAM, teamJournalPassword: PASSWORD });
    const left = await save({ id: shop.id, name: 'Shop', baseUrl: LIVE.baseUrl, teamJournal: null });
    expect(left.teamJournal).toBeNull();
    expect(await secrets.get(accountsOf(shop.id).teamJournal)).toBeNull();
    await expect(book.teamJournalPassword(shop.id)).rejects.toMatchObject({ error: { kind: 'configuration', message: '"Shop" records into the journal on this desktop: it has no team journal.' } });
    await expect(save({ id: shop.id, name: 'Shop', baseUrl: LIVE.baseUrl, teamJournal: null, teamJournalPassword: 'x' })).rejects.toMatchObject({ error: { kind: 'invalid_request', fields: { 'teamJournal.host': expect.any(String) } } });
    const again = await save({ id: shop.id, name: 'Shop', baseUrl: LIVE.baseUrl, teamJournal: TEAM, teamJournalPassword: PASSWORD });
    await book.remove(again.id);
    expect(await secrets.get(accountsOf(shop.id).teamJournal)).toBeNull();
  });

  it('checks the password against unsaved settings for "Test connection": the stored one only for its own target', async () => {
    const shop = await save({ ...LIVE, teamJournal: TEAM, teamJournalPassword: PASSWORD });
    expect(await book.teamJournalPassword(shop.id, { ...TEAM, caFile })).toBe(PASSWORD);
    await expect(book.teamJournalPassword(shop.id, { ...TEAM, host: 'other.example.com' })).rejects.toMatchObject({ error: { kind: 'configuration', message: expect.stringContaining(`is tied to ${TARGET}, not to postgres://console@other.example.com:5432/finance`) } });
  });
});
