import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openJournalDatabase } from './database.ts';
import type { PendingInput } from './store.ts';
import { testJournal } from './test-journal.ts';

/**
 * A lookup is written whole or not at all. Were it written pending and then settled, a
 * failure between the two would leave a pending lookup, which the next start settles as a try that
 * failed, beside the lookup the caller was told about (or, on a team journal, its copy kept here).
 */

let dir: string;
let db: DatabaseSync;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'record-whole-'));
  db = openJournalDatabase(join(dir, 'journal.sqlite'));
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const lookup: PendingInput = { profileId: 'p1', profileName: 'Shop', operation: 'transactions.lookup', foreignId: '164', request: { foreign_id: '164' }, entryUid: 'a1b2c3d4-0000-4000-8000-000000000164' };

describe('a lookup in the SQLite journal', () => {
  it('is written settled, under the uid its caller chose', async () => {
    const journal = testJournal(db);
    const entry = await journal.record(lookup, { state: 'succeeded', serviceStatus: 'confirmed', httpStatus: 200 });
    expect(entry).toMatchObject({ operation: 'transactions.lookup', state: 'succeeded', serviceStatus: 'confirmed', httpStatus: 200 });
    expect(db.prepare('SELECT entry_uid FROM entries WHERE id = ?').get(entry.id)).toEqual({ entry_uid: lookup.entryUid });
  });

  it('leaves nothing when its settling cannot be written: no pending lookup for the next start to call failed', async () => {
    const journal = testJournal(db);
    // The file refuses the second write of the two (as a full disk would).
    db.exec("CREATE TRIGGER no_settle BEFORE UPDATE OF state ON entries BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END;");
    await expect(journal.record(lookup, { state: 'succeeded' })).rejects.toThrow(/disk I\/O error/);
    db.exec('DROP TRIGGER no_settle');

    expect((await journal.search('p1')).entries).toEqual([]);
    expect(await journal.recoverInterrupted()).toEqual([]);
    // And the file is usable: no transaction was left open.
    expect(await journal.record(lookup, { state: 'succeeded' })).toMatchObject({ state: 'succeeded' });
  });
});
