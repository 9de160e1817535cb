import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ruleMessage, sayerFor, sayWording } from '../../../shared/i18n/index.ts';
import { inLanguage } from '../../../shared/i18n/testing/in-english.ts';
import { isAppFailure } from '../../../shared/ipc/errors.ts';
import { profileSaveRequest } from '../../../shared/ipc/profile.ts';
import { makeTestTls } from '../journal/testing/self-signed-tls.ts';
import { LOCAL_SANDBOX_ID, openProfileBook } from './profile-book.ts';
import type { ProfileBook } from './profile-book.ts';
import { PROFILES_FILE } from './profile-file.ts';
import { accountsOf } from './secret-store.ts';
import { testTeamJournal } from './team-journal-test.ts';
import { refusalOf } from './testing/refusal.ts';
import { testKeychain } from './testing/test-keychain.ts';

// A live profile's team journal. Settings in profiles.json, the password in the real
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
const NAME_FIRST = 'Set your name in the journal first ("Your name in the journal", on the Profiles screen): every entry of a team journal names the person who made it.';
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
    // Kept across openings; an edit without the password keeps it while the target and CA file stay the same.
    const reopened = await openProfileBook({ dataDir, secrets, displayName: () => displayName });
    expect(reopened.get(shop.id).teamJournal).toEqual(TEAM);
    const edited = await reopened.save(profileSaveRequest.parse({ id: shop.id, name: 'Shop 2', baseUrl: LIVE.baseUrl, teamJournal: TEAM }));
    expect(edited.teamJournal).toEqual(TEAM);
    expect(await reopened.teamJournalPassword(shop.id)).toBe(PASSWORD);
    // An edit that leaves teamJournal out keeps it as it is.
    expect((await reopened.save(profileSaveRequest.parse({ id: shop.id, name: 'Shop 3', baseUrl: LIVE.baseUrl }))).teamJournal).toEqual(TEAM);
    expect(await reopened.teamJournalPassword(shop.id)).toBe(PASSWORD);
  });

  it.each([
    ['host', { host: 'journal2.example.com' }, 'postgres://console@journal2.example.com:5432/finance'],
    ['port', { port: 6432 }, 'postgres://console@journal.example.com:6432/finance'],
    ['database', { database: 'finance_eu' }, 'postgres://console@journal.example.com:5432/finance_eu'],
    ['user', { user: 'auditor' }, 'postgres://auditor@journal.example.com:5432/finance'],
  ])('a new %s needs the password typed again, saying where the stored one is tied to; nothing changes', async (_what, change, target) => {
    const shop = await save({ ...LIVE, teamJournal: TEAM, teamJournalPassword: PASSWORD });
    const needed = `Enter the team journal's password for ${target}: the stored one is tied to ${TARGET}, and is not sent to ${target}.`;
    expect(await refusalOf(save({ id: shop.id, name: 'Shop', baseUrl: LIVE.baseUrl, teamJournal: { ...TEAM, ...change } }))).toEqual({
      kind: 'invalid_request',
      message: needed,
      fields: { teamJournalPassword: needed },
    });
    expect(book.get(shop.id).teamJournal).toEqual(TEAM);
    expect(await storedEntry(shop.id)).toEqual({ target: TARGET, password: PASSWORD });
    // With the password typed again, the new target is saved, and the password is tied to it.
    await save({ id: shop.id, name: 'Shop', baseUrl: LIVE.baseUrl, teamJournal: { ...TEAM, ...change }, teamJournalPassword: 'new-password' });
    expect(await storedEntry(shop.id)).toEqual({ target, password: 'new-password' });
  });

  it('a CA file added, changed or removed needs the password typed again, as a new host does: the CA file decides which server may pass for the target', async () => {
    const otherCa = (await makeTestTls(await mkdtemp(join(dataDir, 'other-ca-')))).caFile;
    const withCa = `${TARGET} with the CA file ${caFile}`;
    const shop = await save({ ...LIVE, teamJournal: TEAM, teamJournalPassword: PASSWORD });
    expect(await refusalOf(save({ id: shop.id, name: 'Shop', baseUrl: LIVE.baseUrl, teamJournal: { ...TEAM, caFile } }))).toMatchObject({
      kind: 'invalid_request',
      fields: { teamJournalPassword: `Enter the team journal's password for ${withCa}: the stored one is tied to ${TARGET}, and is not sent to ${withCa}.` },
    });
    expect(book.get(shop.id).teamJournal).toEqual(TEAM);
    await save({ id: shop.id, name: 'Shop', baseUrl: LIVE.baseUrl, teamJournal: { ...TEAM, caFile }, teamJournalPassword: PASSWORD });
    expect(await storedEntry(shop.id)).toEqual({ target: withCa, password: PASSWORD });
    expect(await book.credentialFacts(shop.id)).toMatchObject({ teamJournalPasswordFor: withCa });
    // The same CA file keeps it; another one, or none, does not.
    await save({ id: shop.id, name: 'Shop 2', baseUrl: LIVE.baseUrl, teamJournal: { ...TEAM, caFile } });
    expect(await book.teamJournalPassword(shop.id)).toBe(PASSWORD);
    for (const changed of [otherCa, null]) {
      expect(await refusalOf(save({ id: shop.id, name: 'Shop', baseUrl: LIVE.baseUrl, teamJournal: { ...TEAM, caFile: changed } }))).toMatchObject({
        kind: 'invalid_request',
        fields: { teamJournalPassword: expect.stringContaining(`the stored one is tied to ${withCa}, and is not sent to`) },
      });
    }
    expect(book.get(shop.id).teamJournal).toEqual({ ...TEAM, caFile });
    // Nor does another CA file written into profiles.json behind the app's back get the password.
    const file = JSON.parse(await readFile(join(dataDir, PROFILES_FILE), 'utf8')) as { profiles: { id: string; teamJournal: unknown }[] };
    for (const profile of file.profiles) if (profile.id === shop.id) profile.teamJournal = { ...TEAM, caFile: otherCa };
    await writeFile(join(dataDir, PROFILES_FILE), JSON.stringify(file));
    const tampered = await openProfileBook({ dataDir, secrets, displayName: () => displayName });
    await expect(tampered.teamJournalPassword(shop.id)).rejects.toMatchObject({
      error: { kind: 'configuration', message: expect.stringContaining(`is tied to ${withCa}, not to ${TARGET} with the CA file ${otherCa}, so it was not sent`) },
    });
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
    expect(await refusalOf(save({ ...LIVE, teamJournal: TEAM }))).toMatchObject({
      kind: 'invalid_request',
      fields: { teamJournalPassword: `Enter the team journal's password for ${TARGET}: none is stored for it.` },
    });
    displayName = null;
    expect(await refusalOf(save({ ...LIVE, teamJournal: TEAM, teamJournalPassword: PASSWORD }))).toEqual({ kind: 'invalid_request', message: NAME_FIRST, fields: { teamJournal: NAME_FIRST } });
    expect(book.list().profiles.map((p) => p.name)).toEqual(['Local sandbox']);
  });

  it('the local sandbox refuses a team journal and its password', async () => {
    const sandbox = { id: LOCAL_SANDBOX_ID, name: 'Local sandbox', baseUrl: 'http://127.0.0.1:1/api/v2' };
    const refusal = 'The local sandbox exists on this desktop only: it cannot record into a team journal.';
    expect(await refusalOf(save({ ...sandbox, teamJournal: TEAM, teamJournalPassword: PASSWORD }))).toEqual({ kind: 'invalid_request', message: refusal, fields: { teamJournal: refusal } });
    expect(await refusalOf(save({ ...sandbox, teamJournalPassword: PASSWORD }))).toEqual({ kind: 'invalid_request', message: refusal, fields: { teamJournal: refusal } });
    expect(book.get(LOCAL_SANDBOX_ID).teamJournal).toBeNull();
    expect(await secrets.get(accountsOf(LOCAL_SANDBOX_ID).teamJournal)).toBeNull();
    // Nor can profiles.json give it one.
    const file = JSON.parse(await readFile(join(dataDir, PROFILES_FILE), 'utf8')) as { profiles: { id: string; teamJournal: unknown }[] };
    for (const profile of file.profiles) profile.teamJournal = TEAM;
    await writeFile(join(dataDir, PROFILES_FILE), JSON.stringify(file));
    expect((await openProfileBook({ dataDir, secrets })).get(LOCAL_SANDBOX_ID).teamJournal).toBeNull();
  });

  it('refuses a CA file that is not a readable PEM file, naming it, in the same words whatever the reason: the renderer cannot probe the disk', async () => {
    const notPem = join(dataDir, 'not-a-ca.txt');
    await writeFile(notPem, 'hello');
    const broken = join(dataDir, 'broken.pem');
    await writeFile(broken, '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n');
    const large = join(dataDir, 'large.pem');
    await writeFile(large, `${await readFile(caFile, 'utf8')}\n${'#'.repeat(1024 * 1024)}`);
    const unreadable = join(dataDir, 'unreadable.pem');
    await writeFile(unreadable, await readFile(caFile, 'utf8'));
    await chmod(unreadable, 0o000);
    const paths = [
      join(dataDir, 'missing.pem'),
      join(dataDir, 'missing-folder', 'ca.pem'),
      notPem,
      broken,
      large,
      dataDir,
      '/dev/zero',
      // Root reads a file whatever its mode: no refusal to test there.
      ...(process.getuid?.() === 0 ? [] : [unreadable]),
    ];
    for (const path of paths) {
      await expect(save({ ...LIVE, teamJournal: { ...TEAM, caFile: path }, teamJournalPassword: PASSWORD })).rejects.toMatchObject({
        error: {
          kind: 'invalid_request',
          message: `The CA file ${path} could not be read as a PEM certificate.`,
          // The form's field words it in the window's language (wordRule).
          fields: { 'teamJournal.caFile': ruleMessage('main.platform.teamJournal.caFile.unreadable', { path }) },
        },
      });
    }
    expect(book.list().profiles).toHaveLength(1);
    // "Test connection" with unsaved settings reads the file when it opens its pool: the same words.
    const shop = await save({ ...LIVE, teamJournal: TEAM, teamJournalPassword: PASSWORD });
    for (const path of [join(dataDir, 'missing.pem'), dataDir, notPem]) {
      const test = await testTeamJournal(book, { profileId: shop.id, teamJournal: { ...TEAM, caFile: path }, teamJournalPassword: PASSWORD }, { log: () => {} });
      expect(test).toEqual({ ok: false, message: expect.stringContaining(`The team journal's CA file ${path} could not be read as a PEM certificate.`) });
    }
  });

  it('leaving the team journal removes its password; removing the profile removes it too', async () => {
    const shop = await save({ ...LIVE, teamJournal: TEAM, teamJournalPassword: PASSWORD });
    const left = await save({ id: shop.id, name: 'Shop', baseUrl: LIVE.baseUrl, teamJournal: null });
    expect(left.teamJournal).toBeNull();
    expect(await secrets.get(accountsOf(shop.id).teamJournal)).toBeNull();
    await expect(book.teamJournalPassword(shop.id)).rejects.toMatchObject({ error: { kind: 'configuration', message: '"Shop" records into the journal on this desktop: it has no team journal.' } });
    expect(await refusalOf(save({ id: shop.id, name: 'Shop', baseUrl: LIVE.baseUrl, teamJournal: null, teamJournalPassword: 'x' }))).toMatchObject({
      kind: 'invalid_request',
      fields: { 'teamJournal.host': "Enter the team journal's server, or leave its password empty." },
    });
    const again = await save({ id: shop.id, name: 'Shop', baseUrl: LIVE.baseUrl, teamJournal: TEAM, teamJournalPassword: PASSWORD });
    await book.remove(again.id);
    expect(await secrets.get(accountsOf(shop.id).teamJournal)).toBeNull();
  });

  it('checks the password against unsaved settings for "Test connection": the stored one only for its own target', async () => {
    const shop = await save({ ...LIVE, teamJournal: TEAM, teamJournalPassword: PASSWORD });
    expect(await book.teamJournalPassword(shop.id, TEAM)).toBe(PASSWORD);
    await expect(book.teamJournalPassword(shop.id, { ...TEAM, caFile })).rejects.toMatchObject({ error: { kind: 'configuration', message: expect.stringContaining(`is tied to ${TARGET}, not to ${TARGET} with the CA file ${caFile}`) } });
    await expect(book.teamJournalPassword(shop.id, { ...TEAM, host: 'other.example.com' })).rejects.toMatchObject({ error: { kind: 'configuration', message: expect.stringContaining(`is tied to ${TARGET}, not to postgres://console@other.example.com:5432/finance`) } });
  });

  it("words its refusals in the window's language: the failure by the router (its wording), the field by the form (wordRule)", async () => {
    displayName = null;
    const nameFirst = await save({ ...LIVE, teamJournal: TEAM, teamJournalPassword: PASSWORD }).catch((error: unknown) => error);
    if (!isAppFailure(nameFirst) || !nameFirst.wording || nameFirst.error.kind !== 'invalid_request') throw new Error('expected a worded refusal');
    const german =
      'Legen Sie zuerst Ihren Namen im Journal fest („Ihr Name im Journal“, auf dem Bildschirm „Profile“): Jeder Eintrag eines Team-Journals nennt die Person, die ihn vorgenommen hat.';
    expect(sayWording(sayerFor('de'), nameFirst.wording)).toBe(german);
    expect(inLanguage('de', nameFirst.error.fields['teamJournal'])).toBe(german);
    const french = 'Définissez d’abord votre nom dans le journal (« Votre nom dans le journal », sur l’écran Profils) : chaque entrée d’un journal d’équipe nomme la personne qui l’a faite.';
    expect(sayWording(sayerFor('fr'), nameFirst.wording)).toBe(french);
    expect(inLanguage('fr', nameFirst.error.fields['teamJournal'])).toBe(french);

    displayName = 'Ana Ruiz';
    const noPassword = await save({ ...LIVE, teamJournal: TEAM }).catch((error: unknown) => error);
    if (!isAppFailure(noPassword) || noPassword.error.kind !== 'invalid_request') throw new Error('expected a refusal');
    expect(inLanguage('de', noPassword.error.fields['teamJournalPassword'])).toBe(`Geben Sie das Passwort des Team-Journals für ${TARGET} ein: Dafür ist keines gespeichert.`);
    expect(inLanguage('fr', noPassword.error.fields['teamJournalPassword'])).toBe(`Saisissez le mot de passe du journal d’équipe pour ${TARGET} : aucun n’est enregistré pour lui.`);

    const shop = await save({ ...LIVE, teamJournal: TEAM, teamJournalPassword: PASSWORD });
    await secrets.delete(accountsOf(shop.id).teamJournal);
    const noneStored = await book.teamJournalPassword(shop.id).catch((error: unknown) => error);
    if (!isAppFailure(noneStored) || !noneStored.wording) throw new Error('expected a worded failure');
    expect(sayWording(sayerFor('de'), noneStored.wording)).toBe('Für „Shop“ ist im Schlüsselbund kein Passwort eines Team-Journals gespeichert. Bearbeiten Sie das Profil und geben Sie es erneut ein.');
    expect(sayWording(sayerFor('fr'), noneStored.wording)).toBe('Aucun mot de passe de journal d’équipe n’est enregistré dans le trousseau pour « Shop ». Modifiez le profil et saisissez-le à nouveau.');
  });
});
