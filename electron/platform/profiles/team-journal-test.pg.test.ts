import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../../shared/ipc/contract.ts';
import { profileSaveRequest } from '../../../shared/ipc/profile.ts';
import { teamDatabaseForTest } from '../journal/testing/team-database.ts';
import type { TeamDatabase } from '../journal/testing/team-database.ts';
import { LOCAL_SANDBOX_ID, openProfileBook } from './profile-book.ts';
import type { ProfileBook } from './profile-book.ts';
import { createMemorySecretStore } from './secret-store.ts';
import { testTeamJournal } from './team-journal-test.ts';
import { refusalOf } from './testing/refusal.ts';

/**
 * "Test connection" from the profile form (profiles.testTeamJournal), against the run's real server:
 * the password typed, or the profile's stored one, only for the very target it is tied to. (The
 * keychain itself is tested in team-journal-profile.test.ts; here it is kept in memory.)
 */

let team: TeamDatabase;
let dataDir: string;
let book: ProfileBook;
const log = () => undefined;

beforeAll(async () => {
  team = await teamDatabaseForTest('team-journal-test');
  dataDir = await mkdtemp(join(tmpdir(), 'mc-team-test-'));
  book = await openProfileBook({ dataDir, secrets: createMemorySecretStore(), displayName: () => 'Ana Ruiz' });
});
afterAll(async () => {
  await team?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

const settings = () => ({ host: '127.0.0.1', port: team.port, database: team.database, user: team.user, caFile: null });
const target = () => `postgres://${team.user}@127.0.0.1:${team.port}/${team.database}`;
const request = (value: unknown) => contract['profiles.testTeamJournal'].request.parse(value);

describe('profiles.testTeamJournal', () => {
  it('tests the settings being typed with the password typed, before anything is saved', async () => {
    expect(await testTeamJournal(book, request({ teamJournal: settings(), teamJournalPassword: team.password }), { log })).toMatchObject({ ok: true, schemaVersion: null });
    expect(book.list().profiles).toHaveLength(1);
  });

  it("uses the profile's stored password only for the target it is tied to", async () => {
    const shop = await book.save(profileSaveRequest.parse({ name: 'Shop', baseUrl: 'https://app.cryptoprocessing.com/api/v2', apiKey: 'key-12345678', secret: 's', teamJournal: settings(), teamJournalPassword: team.password }));
    expect(await testTeamJournal(book, request({ profileId: shop.id, teamJournal: settings() }), { log })).toMatchObject({ ok: true });
    // Another database (a typo in the form): the stored password is not sent there.
    const elsewhere = { ...settings(), database: 'postgres' };
    expect(await refusalOf(testTeamJournal(book, request({ profileId: shop.id, teamJournal: elsewhere }), { log }))).toMatchObject({
      kind: 'invalid_request',
      fields: { teamJournalPassword: `Enter the team journal's password for postgres://${team.user}@127.0.0.1:${team.port}/postgres: the stored one is tied to ${target()}, and is not sent to postgres://${team.user}@127.0.0.1:${team.port}/postgres.` },
    });
    const noneStored = `Enter the team journal's password for ${target()}: none is stored for it.`;
    expect(await refusalOf(testTeamJournal(book, request({ teamJournal: settings() }), { log }))).toEqual({ kind: 'invalid_request', message: noneStored, fields: { teamJournalPassword: noneStored } });
  });

  it('refuses the local sandbox, and settings that are not valid before any connection', async () => {
    expect(await refusalOf(testTeamJournal(book, request({ profileId: LOCAL_SANDBOX_ID, teamJournal: settings(), teamJournalPassword: 'x' }), { log }))).toMatchObject({
      kind: 'invalid_request',
      fields: { teamJournal: 'The local sandbox exists on this desktop only: it cannot record into a team journal.' },
    });
    expect(contract['profiles.testTeamJournal'].request.safeParse({ teamJournal: { ...settings(), host: 'postgres://db' } }).success).toBe(false);
    expect(contract['profiles.testTeamJournal'].request.safeParse({ teamJournal: { ...settings(), port: 0 } }).success).toBe(false);
  });
});
