import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../shared/ipc/journal.ts';
import { SILENT_PENDING_AFTER_MS } from '../../shared/submission/silent-pending.ts';
import { createMemorySecretStore } from '../platform/profiles/secret-store.ts';
import { createMainServices } from '../app/main-services.ts';
import type { MainServices } from '../app/main-services.ts';
import { routerCalls } from '../app/testing/router-calls.ts';

// The history channels for a submission sent and never settled (shared/submission/silent-pending.ts),
// through router.handle over this desktop's real SQLite file, with main's clock in the test's hands:
// journal.attention lists it once silent for longer than the threshold, and journal.resolve takes it
// only then. (Across two desktops on a team journal: team-journal/two-desktops.pg.test.ts.)

let dataDir: string;
let services: MainServices;
let clock = Date.now();
const { call, value } = routerCalls(() => services);

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'mc-silent-'));
  services = await createMainServices({ dataDir, secretStore: createMemorySecretStore(), log: () => {}, now: () => clock });
});
afterAll(async () => {
  await services?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const attention = async () => (await value<{ entries: JournalEntry[] }>('journal.attention', {})).entries.map((entry) => entry.id);

describe('a submission sent with no answer recorded, on this desktop', () => {
  it('is listed and resolvable only once silent for longer than the threshold; before, the refusal says why', async () => {
    // What a hung call leaves: the pending entry with its sent mark (written by the journal main uses).
    const id = await services.journal.begin({ profileId: 'local-sandbox', profileName: 'Local sandbox', operation: 'invoices.create', foreignId: 'inv-hung', request: {} });
    await services.journal.markSent(id);

    clock += SILENT_PENDING_AFTER_MS;
    expect(await attention()).toEqual([]);
    expect(await call('journal.resolve', { id, state: 'failed', note: 'Not in the back office.' })).toEqual({
      ok: false,
      error: {
        kind: 'invalid_request',
        message: 'Its desktop may still be waiting for the service’s answer: a submission can be resolved by hand once it was sent and no answer was recorded for 10 minutes.',
        fields: {},
      },
    });

    clock += 1000;
    expect(await attention()).toEqual([id]);
    const { entry } = await value<{ entry: JournalEntry }>('journal.resolve', { id, state: 'failed', note: 'Not in the back office.' });
    expect(entry).toMatchObject({ id, state: 'failed', message: 'Resolved by hand: Not in the back office.', resolvedAt: new Date(clock).toISOString() });
    expect(await attention()).toEqual([]);
  });
});
