import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SILENT_PENDING_AFTER_MS } from '../../../shared/submission/silent-pending.ts';
import { attentionSql } from './attention-sql.ts';
import { openJournalDatabase } from './database.ts';
import type { PendingInput } from './journal.ts';
import type { JournalStore } from './store.ts';
import { testJournal } from './test-journal.ts';

/**
 * A submission sent and never settled (shared/submission/silent-pending.ts), in the
 * SQLite journal as in the team journal (postgres/team-journal.test.ts): listed for attention and
 * resolvable by a person only once silent for longer than the threshold, and a resolution that the
 * desktop's own late answer or recovery never overwrites.
 */

let dir: string;
let db: DatabaseSync;
let clock: number;
let journal: JournalStore;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'journal-silent-'));
  db = openJournalDatabase(join(dir, 'journal.sqlite'));
  clock = Date.parse('2026-05-04T10:00:00.000Z');
  journal = testJournal(db, () => new Date(clock));
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const invoice = (foreignId: string, profileId = 'p1'): PendingInput => ({ profileId, profileName: 'Shop', operation: 'invoices.create', foreignId, request: {} });
const ids = async (profileId = 'p1') => ((await journal.attention(profileId)).entries).map((entry) => entry.id);

async function sentAndSilent(foreignId: string): Promise<number> {
  const id = await journal.begin(invoice(foreignId));
  await journal.markSent(id);
  return id;
}

describe('a sent submission with no answer recorded', () => {
  it('is listed for attention only once silent for longer than the threshold; a try never sent, never', async () => {
    const sent = await sentAndSilent('inv-silent');
    const unsent = await journal.begin(invoice('inv-unsent'));
    const lost = await sentAndSilent('inv-lost');
    await journal.finish(lost, { state: 'unknown', message: 'No answer came within 30 s.' });
    await journal.begin(invoice('inv-other-profile', 'p2')).then((id) => journal.markSent(id));

    clock += SILENT_PENDING_AFTER_MS;
    expect(await ids()).toEqual([lost]);
    clock += 1;
    expect(await ids()).toEqual([lost, sent]);
    expect(await ids('p2')).toHaveLength(1);
    expect((await journal.get(unsent))?.state).toBe('pending');
  });

  it('may be resolved by a person only then: before, the refusal says its desktop may still be waiting, and nothing is written', async () => {
    const id = await sentAndSilent('inv-silent');
    clock += SILENT_PENDING_AFTER_MS;
    const early = journal.resolve(id, 'failed', 'Not in the back office.');
    await expect(early).rejects.toMatchObject({
      error: { kind: 'invalid_request', message: 'Its desktop may still be waiting for the service’s answer: a submission can be resolved by hand once it was sent and no answer was recorded for 10 minutes.' },
    });
    expect(await journal.get(id)).toMatchObject({ state: 'pending', resolvedBy: null });

    clock += 1;
    expect(await journal.resolve(id, 'failed', 'Not in the back office.')).toMatchObject({ state: 'failed', resolvedBy: 'Ana Ruiz', resolvedOn: 'FINANCE-01' });
    expect(await ids()).toEqual([]);
  });

  it('keeps its resolution when its own desktop settles it late, or recovers it on the next start', async () => {
    const late = await sentAndSilent('inv-late');
    const cut = await sentAndSilent('inv-cut');
    clock += SILENT_PENDING_AFTER_MS + 1;
    const resolvedLate = await journal.resolve(late, 'failed', 'Not in the back office.');
    const resolvedCut = await journal.resolve(cut, 'succeeded', 'Invoice 826900 is in the back office.');

    // The answer arrives after all, or the app is restarted: the person's record stands.
    expect(await journal.finish(late, { state: 'unknown', message: 'No answer came within 30 s.' })).toEqual(resolvedLate);
    expect(await testJournal(db, () => new Date(clock)).recoverInterrupted()).toEqual([]);
    expect(await journal.get(late)).toEqual(resolvedLate);
    expect(await journal.get(cut)).toEqual(resolvedCut);
  });
});

describe('the attention list’s reading', () => {
  it('reads each state by the (profile, state) index, never the profile’s whole history (SQLite keeps no statistics to choose by)', () => {
    const plan = (db.prepare(`EXPLAIN QUERY PLAN ${attentionSql('*', '?1', '?2')}`).all('p1', new Date(clock).toISOString()) as { detail: string }[]).map((step) => step.detail);
    expect(plan.filter((detail) => /entries_profile_state \(profile_id=\? AND state=\?\)/.test(detail))).toHaveLength(2);
    expect(plan.filter((detail) => /^SCAN entries\b/.test(detail) || /^SEARCH entries USING (COVERING )?INDEX entries_profile_created/.test(detail))).toEqual([]);
  });
});

describe('the newest id', () => {
  it('is the profile’s own: another profile’s later entries say nothing of this one’s', async () => {
    const mine = await journal.begin(invoice('inv-mine'));
    await journal.begin(invoice('inv-theirs', 'p2'));
    expect(await journal.lastId('p1')).toBe(mine);
    expect(await journal.lastId('p2')).toBeGreaterThan(mine);
    expect(await journal.lastId('nobody')).toBe(0);
  });
});
