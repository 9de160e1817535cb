import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../../shared/ipc/journal.ts';
import type { ProfileView } from '../../../shared/ipc/profile.ts';
import { createMemorySecretStore } from '../profiles/secret-store.ts';
import { createMainServices } from './main-services.ts';
import type { MainServices } from './main-services.ts';

// Resolving an unknown outcome on a live profile takes main's own confirmation (issue 11): the
// renderer's call alone changes nothing. Nothing here reaches a network: resolving is local.

let dataDir: string;
let services: MainServices;
const asked: Array<{ title: string; message: string }> = [];
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
