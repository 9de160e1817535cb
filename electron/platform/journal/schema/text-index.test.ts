import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openJournalDatabase } from '../database.ts';
import { testJournal } from '../test-journal.ts';
import { ENTRIES_TEXT } from './journal-schema.ts';
import { migrateSqliteJournal } from './sqlite-migrations.ts';

/**
 * SQLite's text index (journal-schema.ts ENTRIES_TEXT: an FTS5 trigram table kept by triggers) on a
 * real file: it follows every write the journal makes, and a file upgraded to it has its older
 * entries in it. A stale text index would hide entries from History's search, not fail.
 */

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'journal-text-index-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The ids the text index holds the term for. */
const indexed = (db: DatabaseSync, term: string): number[] =>
  (db.prepare(`SELECT rowid AS id FROM ${ENTRIES_TEXT.name} WHERE ${ENTRIES_TEXT.name} MATCH ? ORDER BY rowid`).all(`"${term}"`) as Array<{ id: number }>).map((row) => Number(row.id));

describe("SQLite's text index", () => {
  it('follows the journal: a pending entry, its outcome (txids, address), a resolution, and a delete', async () => {
    const db = openJournalDatabase(join(dir, 'journal.sqlite'));
    const journal = testJournal(db);
    const lookup = await journal.begin({ profileId: 'shop', profileName: 'Shop', operation: 'transactions.lookup', request: { txid: 'aa11aa' }, txids: ['aa11aa'] });
    const invoice = await journal.begin({ profileId: 'shop', profileName: 'Shop', operation: 'invoices.create', foreignId: 'INV-7731', title: 'Walnut desk', endUserReference: 'CUST-00417', request: {} });
    expect(indexed(db, 'aa11aa')).toEqual([lookup]);
    expect(indexed(db, 'inv-773')).toEqual([invoice]);
    expect(indexed(db, 'cust-004')).toEqual([invoice]);

    await journal.finish(lookup, { state: 'succeeded', txids: ['bb22bb', 'cc33cc'] });
    await journal.markSent(invoice);
    await journal.finish(invoice, { state: 'unknown', serviceId: 826900 });
    expect(indexed(db, 'aa11aa')).toEqual([]);
    expect(indexed(db, 'cc33cc')).toEqual([lookup]);
    expect(indexed(db, '826900')).toEqual([invoice]);
    await journal.resolve(invoice, 'succeeded', 'seen in the back office');
    expect(indexed(db, 'walnut')).toEqual([invoice]);

    db.prepare('DELETE FROM entries WHERE id = ?').run(lookup);
    expect(indexed(db, 'cc33cc')).toEqual([]);
    // What the index holds is what the entries hold, term for term (FTS5's own check of an external-content table).
    expect(() => db.exec(`INSERT INTO ${ENTRIES_TEXT.name} (${ENTRIES_TEXT.name}, rank) VALUES ('integrity-check', 1)`)).not.toThrow();
    db.close();
  });

  it('holds the entries a file had before the upgrade that made it', () => {
    const file = join(dir, 'v5.sqlite');
    const v5 = new DatabaseSync(file);
    migrateSqliteJournal(v5, 5);
    v5.prepare(`INSERT INTO entries (profile_id, profile_name, operation, state, foreign_id, txids, request, created_at, updated_at)
      VALUES ('shop', 'Shop', 'transactions.lookup', 'succeeded', NULL, '["dd44dd"]', '{}', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`).run();
    v5.close();
    const db = openJournalDatabase(file);
    expect(indexed(db, 'dd44dd')).toEqual([1]);
    db.close();
  });

  it('is caught when it drifts: an entry written behind its triggers is missing from it, and the integrity check says so', () => {
    const db = openJournalDatabase(join(dir, 'journal.sqlite'));
    db.exec(`DROP TRIGGER ${ENTRIES_TEXT.name}_insert`);
    db.prepare(`INSERT INTO entries (profile_id, profile_name, operation, state, foreign_id, request, created_at, updated_at)
      VALUES ('shop', 'Shop', 'invoices.create', 'succeeded', 'INV-9', '{}', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`).run();
    expect(indexed(db, 'inv-9')).toEqual([]);
    expect(() => db.exec(`INSERT INTO ${ENTRIES_TEXT.name} (${ENTRIES_TEXT.name}, rank) VALUES ('integrity-check', 1)`)).toThrow(/database disk image is malformed|corrupt/i);
    db.close();
  });
});
