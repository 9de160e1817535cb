import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messagesInEnglish } from '../../../shared/i18n/testing/in-english.ts';
import type { ProfileList, ProfileView } from '../../../shared/ipc/profile.ts';
import { createMainServices } from '../../app/main-services.ts';
import type { MainServices } from '../../app/main-services.ts';
import { routerCalls } from '../../app/testing/router-calls.ts';
import { testKeychain } from './testing/test-keychain.ts';
import { freePort } from '../testing/free-port.ts';

// The team journal password is write-only, like the API secret. Through the real router
// and main services, with the real keychain (private D-Bus session): it is in no IPC answer, no
// log line, and no file of the data folder, whatever the renderer asks.

const keychain = testKeychain('team journal secrecy');
const PASSWORD = 'team-password-6d1f-never-shown';
const OTHER_PASSWORD = 'typed-for-a-test-only-93ac';
let dataDir: string;
let services: MainServices;
const answers: string[] = [];
const logs: string[] = [];
for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
  vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logs.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ')));
}
const { call: rawCall } = routerCalls(() => services);
const call = async <T>(channel: string, payload: unknown) => {
  const answer = await rawCall<T>(channel, payload);
  answers.push(JSON.stringify(answer));
  return answer;
};

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'mc-team-secrecy-'));
  services = await createMainServices({ dataDir, secretStore: keychain.store, log: (message, details) => void logs.push(`${message} ${JSON.stringify(details)}`) });
});
afterAll(async () => {
  await services?.close();
  await keychain.clear();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the team journal password', () => {
  it('goes in, is used, and never comes out', async () => {
    const port = await freePort();
    const teamJournal = { host: '127.0.0.1', port, database: 'finance', user: 'console', caFile: null };
    const target = `postgres://console@127.0.0.1:${port}/finance`;
    expect(await call('identity.set', { displayName: 'Ana Ruiz' })).toMatchObject({ ok: true });
    const saved = await call<ProfileView>('profiles.save', { name: 'Shop', baseUrl: 'https://app.cryptoprocessing.com/api/v2', apiKey: 'key-12345678', secret: 'secret-1', teamJournal, teamJournalPassword: PASSWORD });
    if (!saved.ok) throw new Error(JSON.stringify(saved.error));
    expect(saved.value).toMatchObject({ teamJournal, teamJournalPasswordFor: target });
    const { id } = saved.value;
    expect(await call<ProfileList>('profiles.list', {})).toMatchObject({ ok: true });
    // Kept through an edit that leaves it empty; used by Test connection (refused: nothing listens there).
    expect(await call('profiles.save', { id, name: 'Shop 2', baseUrl: 'https://app.cryptoprocessing.com/api/v2', teamJournal })).toMatchObject({ ok: true });
    expect(await call('profiles.testTeamJournal', { profileId: id, teamJournal })).toMatchObject({ ok: true, value: { ok: false, message: expect.stringContaining('(ECONNREFUSED)') } });
    expect(await call('profiles.testTeamJournal', { teamJournal, teamJournalPassword: OTHER_PASSWORD })).toMatchObject({ ok: true, value: { ok: false } });
    // Refusals say why without echoing what was typed.
    const moved = await call('profiles.save', { id, name: 'Shop', baseUrl: 'https://app.cryptoprocessing.com/api/v2', teamJournal: { ...teamJournal, host: 'journal.invalid' } });
    if (moved.ok || moved.error.kind !== 'invalid_request') throw new Error(`expected a refusal: ${JSON.stringify(moved)}`);
    expect(moved.error.message).toContain(`tied to ${target}`);
    expect(messagesInEnglish(moved.error.fields)).toEqual({ teamJournalPassword: expect.stringContaining(`tied to ${target}`) });
    expect(await call('profiles.save', { id, name: 'Shop', baseUrl: 'not a url', teamJournal, teamJournalPassword: OTHER_PASSWORD })).toMatchObject({ ok: false, error: { kind: 'invalid_request' } });
    expect(await call('profiles.testTeamJournal', { teamJournal: { ...teamJournal, port: 0 }, teamJournalPassword: OTHER_PASSWORD })).toMatchObject({ ok: false, error: { kind: 'invalid_request' } });

    const files = await readdir(dataDir, { recursive: true, withFileTypes: true });
    const bytes = (await Promise.all(files.filter((f) => f.isFile()).map((f) => readFile(join(f.parentPath, f.name), 'latin1')))).join('\n');
    expect(answers.length).toBeGreaterThan(6);
    for (const secret of [PASSWORD, OTHER_PASSWORD]) {
      for (const answer of answers) expect(answer.includes(secret), 'an IPC answer carried the password').toBe(false);
      for (const line of logs) expect(line.includes(secret), 'a log line carried the password').toBe(false);
      expect(bytes.includes(secret), 'the password reached the data folder').toBe(false);
    }
    expect(bytes).toContain('"host": "127.0.0.1"');
  });
});
