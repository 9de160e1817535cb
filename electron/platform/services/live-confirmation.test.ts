import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../../shared/ipc/journal.ts';
import type { ProfileView } from '../../../shared/ipc/profile.ts';
import { createMemorySecretStore } from '../profiles/secret-store.ts';
import type { ConfirmRequest } from './confirmation.ts';
import { createMainServices } from '../../app/main-services.ts';
import type { MainServices } from '../../app/main-services.ts';

// Resolving an unknown outcome on a live profile takes main's own confirmation (docs/security.md): the
// renderer's call alone changes nothing. Nothing here reaches a network: resolving is local.

let dataDir: string;
let services: MainServices;
const asked: ConfirmRequest[] = [];
const personAnswers: boolean[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'mc-live-confirm-'));
  services = await createMainServices({
    dataDir,
    secretStore: createMemorySecretStore(),
    log: () => {},
    askPerson: async (request) => {
      asked.push(request);
      return personAnswers.shift() ?? false;
    },
  });
});
afterAll(async () => {
  await services.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function value<T>(channel: string, payload: unknown): Promise<T> {
  const answer = await services.router.handle(channel, payload);
  if (!answer.ok) throw new Error(`${channel}: ${answer.error.message}`);
  return answer.value as T;
}

describe('resolving an unknown outcome on a live profile', () => {
  it('needs a yes in the native dialog; a no or no answer leaves the entry unknown', async () => {
    const live = await value<ProfileView>('profiles.save', { name: 'Live EU', baseUrl: 'https://app.cryptoprocessing.com/api/v2', apiKey: 'live-key-abcdefgh', secret: 'live-secret' });
    expect(live.kind).toBe('live');
    await value('profiles.select', { id: live.id });
    const entry = await services.journal.record(
      { profileId: live.id, profileName: live.name, operation: 'invoices.create', foreignId: 'inv-lost-1', request: { foreign_id: 'inv-lost-1' } },
      { state: 'unknown', httpStatus: null, durationMs: 30_000, message: 'No answer came within 30 s.' },
    );

    personAnswers.push(false);
    expect(await services.router.handle('journal.resolve', { id: entry.id, state: 'failed', note: 'Not in the back office' })).toMatchObject({ ok: false, error: { kind: 'not_confirmed' } });
    expect((await services.journal.get(entry.id))?.state).toBe('unknown');
    expect(asked[0]).toMatchObject({ title: 'Resolve an unknown outcome', message: expect.stringContaining('inv-lost-1 did NOT happen') });

    personAnswers.push(true);
    const resolved = await value<{ entry: JournalEntry }>('journal.resolve', { id: entry.id, state: 'failed', note: 'Not in the back office' });
    expect(resolved.entry.state).toBe('failed');
    expect(asked).toHaveLength(2);
  });
});

describe('text the renderer or a journal chose, in the native dialog', () => {
  it('is shown with its hidden characters written out: it reads as it is sent, and starts no line of its own', async () => {
    const live = await value<ProfileView>('profiles.save', { name: 'Live US', baseUrl: 'https://app.cryptoprocessing.com/api/v2', apiKey: 'live-key-ijklmnop', secret: 'live-secret' });
    await value('profiles.select', { id: live.id });
    // A journal entry may come from an earlier version or another desktop of a team: its foreign id and profile name are not checked here.
    const entry = await services.journal.record(
      { profileId: live.id, profileName: 'Live\u2066 US\u2069', operation: 'invoices.create', foreignId: 'inv-\u202Egpj.exe', request: { foreign_id: 'inv-\u202Egpj.exe' } },
      { state: 'unknown', httpStatus: null, durationMs: 30_000, message: 'No answer came within 30 s.' },
    );
    asked.length = 0;
    personAnswers.push(false);
    const note = 'Seen\u200F in the back office\nProfile: Sandbox (test money)\u0007';
    await services.router.handle('journal.resolve', { id: entry.id, state: 'succeeded', note });
    const [shown] = asked;
    expect(shown?.message).toBe('Record that invoices.create inv-\\u{202E}gpj.exe DID happen at the service?');
    expect(shown?.detail.split('\n')).toEqual([
      "Profile: Live\\u{2066} US\\u{2069}. Check the service's back office first: the journal will record your answer as the outcome.",
      'Your note: Seen\\u{200F} in the back office\\u{000A}Profile: Sandbox (test money)\\u{0007}',
    ]);
    for (const text of [shown?.title, shown?.message, shown?.detail.replaceAll('\n', ''), shown?.confirmLabel]) {
      expect(text).not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u);
    }
  });
});
