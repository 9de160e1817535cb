import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../../shared/ipc/journal.ts';
import { startSandbox } from '../../sandbox/index.ts';
import type { SandboxHandle } from '../../sandbox/index.ts';
import { teamDatabaseForTest } from '../journal/testing/team-database.ts';
import type { TeamDatabase } from '../journal/testing/team-database.ts';
import { startCountingRelay } from '../../app/testing/counting-relay.ts';
import type { CountingRelay } from '../../app/testing/counting-relay.ts';
import { startCommitCutter } from './testing/commit-cutter.ts';
import type { CommitCutter } from './testing/commit-cutter.ts';
import { openDesktop } from './testing/team-desktops.ts';
import type { Desktop } from './testing/team-desktops.ts';

/**
 * A lookup is in the team journal once, whole, or kept on this desktop until it can be,
 * never both. Fay's desktop reaches the team database through a relay that can cut her connection
 * the moment the database has committed her write, before she hears it did; Ben's reaches it
 * directly and sees what is really there.
 */

const MERCHANT = { key: `lookup-key-${randomBytes(6).toString('hex')}`, secret: randomBytes(24).toString('hex') };

let sandbox: SandboxHandle;
let relay: CountingRelay;
let team: TeamDatabase;
let cutter: CommitCutter;
let fay: Desktop;
let ben: Desktop;

beforeAll(async () => {
  sandbox = await startSandbox({ merchants: [MERCHANT], seed: 17, rateLimit: false });
  relay = await startCountingRelay(sandbox.baseUrl);
  team = await teamDatabaseForTest('lookup-answer-lost');
  cutter = await startCommitCutter(team);
  fay = await openDesktop({ person: 'Fay Lindqvist', baseUrl: relay.baseUrl, merchant: MERCHANT, team: { ...team, port: cutter.port } });
  ben = await openDesktop({ person: 'Ben Okafor', baseUrl: relay.baseUrl, merchant: MERCHANT, team });
});
afterAll(async () => {
  await fay?.close();
  await ben?.close();
  await cutter?.close();
  await relay?.close();
  await sandbox?.close();
  await team?.drop();
});

type Lookup = { journalId: number | null };

/** Every lookup row of Fay's in the team database, pending or settled, as the database has them. */
async function faysLookupRows(): Promise<{ state: string; entry_uid: string }[]> {
  const pool = team.pool();
  try {
    const { rows } = await pool.query<{ state: string; entry_uid: string }>(
      "SELECT state, entry_uid FROM entries WHERE operation = 'transactions.lookup' AND made_by = 'Fay Lindqvist' ORDER BY id",
    );
    return rows;
  } finally {
    await pool.end();
  }
}

describe('a lookup and the team journal', () => {
  it('recorded in the team journal: its journal id is the team journal’s, which every desktop finds', async () => {
    const { journalId } = await fay.value<Lookup>('transactions.lookup', { foreign_id: '164' });
    expect(journalId).toEqual(expect.any(Number));
    const { entry } = await ben.value<{ entry: JournalEntry }>('journal.get', { id: journalId });
    expect(entry).toMatchObject({ operation: 'transactions.lookup', state: 'succeeded', madeBy: 'Fay Lindqvist', foreignId: '164' });
  });

  it('the connection lost as the database commits it: kept here with no journal id to show, then in the team journal once, settled, never as a failed try beside it', async () => {
    const before = await faysLookupRows();
    // Fay's desktop is caught up (the test above), so the next write of hers is the lookup's.
    const cut = cutter.cutNextCommit();
    const { journalId } = await fay.value<Lookup>('transactions.lookup', { foreign_id: '164' });
    await cut;
    // Her desktop could not hear that the team journal took it: it keeps a copy, whose id here is
    // no entry History (reading the team journal) knows, so the screen is given none.
    expect(journalId).toBeNull();
    expect(await fay.services.journals.waiting(fay.profileId)).toBe(1);
    // What the database has: the lookup, committed whole and settled.
    expect((await faysLookupRows()).slice(before.length)).toEqual([{ state: 'succeeded', entry_uid: expect.any(String) }]);

    // Back: the next call catches up (settles this desktop's cut-off entries, uploads what waits).
    await fay.value('journal.search', {});
    expect(await fay.services.journals.waiting(fay.profileId)).toBe(0);
    // Still one, the same one: the copy kept here had its uid, so the upload found it there.
    const after = (await faysLookupRows()).slice(before.length);
    expect(after).toEqual([{ state: 'succeeded', entry_uid: expect.any(String) }]);
    const { entries } = await ben.value<{ entries: JournalEntry[] }>('journal.search', { operation: 'transactions.lookup', madeBy: 'Fay Lindqvist' });
    expect(entries.map((entry) => entry.state)).toEqual(['succeeded', 'succeeded']);
  });
});
