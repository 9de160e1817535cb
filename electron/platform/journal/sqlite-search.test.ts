import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JOURNAL_OPERATIONS, kindOf } from '../../../shared/ipc/journal.ts';
import { openJournalDatabase } from './database.ts';
import { searchSql } from './search-sql.ts';
import type { JournalSearch } from './search-sql.ts';
import { ftsQueries, sqliteSearch, textCandidates } from './sqlite-search.ts';

/**
 * The SQLite journal's search on a real file: the text index changes how an entry is found, never
 * which (the same entries as the columns' LIKE alone); a rare term reads its candidates and a common
 * one walks the newest entries; and no filter of History reads the whole journal.
 */

let dir: string;
let db: DatabaseSync;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'journal-search-'));
  db = openJournalDatabase(join(dir, 'journal.sqlite'));
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

type Seed = { operation?: string; foreign_id?: string; service_id?: string; title?: string; end_user_reference?: string; txids?: string; address?: string; profile_id?: string; state?: string };

function insert(rows: readonly Seed[]): void {
  const statement = db.prepare(`INSERT INTO entries (profile_id, profile_name, operation, state, foreign_id, service_id, title, end_user_reference, txids, address,
      request, created_at, updated_at, made_by) VALUES (?, 'Shop', ?, ?, ?, ?, ?, ?, ?, ?, '{}', ?, ?, 'Ana Ruiz')`);
  db.exec('BEGIN');
  rows.forEach((row, i) => {
    const at = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
    const text = (key: keyof Seed) => row[key] ?? null;
    statement.run(row.profile_id ?? 'shop', row.operation ?? 'invoices.create', row.state ?? 'succeeded', text('foreign_id'), text('service_id'), text('title'), text('end_user_reference'), text('txids'), text('address'), at, at);
  });
  db.exec('COMMIT');
}

const ids = (sql: string, params: SQLInputValue[]) => (db.prepare(sql).all(...params) as Array<{ id: number }>).map((row) => Number(row.id));

/** The columns' LIKE alone, walking every entry: what a search must find, however it finds it. */
function walked(query: JournalSearch): number[] {
  const { where, params, page } = searchSql('sqlite', 'shop', query);
  return ids(`SELECT id FROM entries WHERE ${where} ${page}`, params);
}

function searched(query: JournalSearch): number[] {
  const { sql, params } = sqliteSearch(db, 'shop', query);
  return ids(sql, params);
}

const plan = (query: JournalSearch): string => {
  const { sql, params } = sqliteSearch(db, 'shop', query);
  return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map((row) => row.detail).join('\n');
};

const TXID = '9de0e1a03d1f5f79a137503ed4c53b88c2c43d62c99199d8fc1b6898ecc884a4';


describe("the SQLite journal's search", () => {
  it("finds exactly what the columns' LIKE finds, when it reads the text index's candidates", () => {
    insert([
      { foreign_id: 'INV-100%', title: 'Order_1', end_user_reference: 'cust-42' },
      { foreign_id: 'inv-1000', title: 'Order 1 again', service_id: '826900' },
      { foreign_id: 'abc', title: 'def' },
      { title: 'Äpfel und Birnen', end_user_reference: 'say "hi"' },
      { txids: JSON.stringify([TXID, 'bb22']), address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' },
      { foreign_id: 'inv-other', profile_id: 'other' },
      { foreign_id: 'inv-failed', state: 'failed' },
    ]);
    const texts = ['inv-100', 'INV-10', '100%', 'Order_1', 'order 1', '826900', TXID.toUpperCase(), 'TQn9Y2kh', 'bb22', 'cde', 'äpfel', 'Äpfel', '"hi"', 'in', 'no such thing', 'a*b OR c NEAR(d)', '^col: -x +y', '\\"'];
    for (const text of texts) {
      for (const query of [{ text }, { text, state: 'failed' as const }, { text, limit: 1, offset: 1 }]) {
        expect(searched(query), JSON.stringify(query)).toEqual(walked(query));
      }
    }
    // So that the comparison compares something: these read candidates, and find entries.
    expect(textCandidates(db, { text: 'inv-100' })).toEqual([1, 2]);
    expect(searched({ text: 'inv-100' })).toEqual([2, 1]);
    expect(searched({ text: TXID.toUpperCase() })).toEqual([5]);
    // FTS5 folds the case of Ä, LIKE does not: the candidate is read, and LIKE decides.
    expect(textCandidates(db, { text: 'äpfel' })).toEqual([4]);
    expect(searched({ text: 'äpfel' })).toEqual([]);
    // A term across two columns is no term of either.
    expect(searched({ text: 'cde' })).toEqual([]);
    // Under three characters there are no trigrams to ask: the columns alone.
    expect(textCandidates(db, { text: 'in' })).toBeUndefined();
    expect(searched({ text: 'in' })).toEqual([7, 2, 1]);
  });

  it('reads a rare term\'s candidates, and walks the newest entries for a common one', () => {
    insert([...Array.from({ length: 2_100 }, (_, i) => ({ foreign_id: `inv-${i}`, title: `Walnut desk ${i}` })), { foreign_id: 'inv-zebra', title: 'Zebra rug, chestnutwalnut' }]);
    expect(textCandidates(db, { text: 'zebra', limit: 50 })).toEqual([2_101]);
    // Every third trigram of "nutwal" (nut, wal) is in every entry, the term itself in one: that one is read.
    expect(textCandidates(db, { text: 'nutwal', limit: 50 })).toEqual([2_101]);
    expect(plan({ text: 'zebra', limit: 50 })).toMatch(/SEARCH entries USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    expect(textCandidates(db, { text: 'walnut', limit: 50 })).toBeUndefined();
    expect(plan({ text: 'walnut', limit: 50 })).toMatch(/^SEARCH entries USING INDEX entries_profile_created \(profile_id=\?\)$/);
    expect(searched({ text: 'walnut', limit: 2 })).toEqual([2_101, 2_100]);
    // A deep page needs more of the walk: then even 2,101 candidates are read one by one.
    expect(textCandidates(db, { text: 'walnut', limit: 50, offset: 1_000 })).toHaveLength(2_101);
    expect(searched({ text: 'walnut', limit: 2, offset: 1_000 })).toEqual(walked({ text: 'walnut', limit: 2, offset: 1_000 }));
  });

  it('asks the text index for an id in the term alone first, and for the whole term when the id is common', () => {
    // The journal's vocabulary ('CUST', 'INV', 'Order') is in half the entries: reading it made a
    // customer reference the slowest search at a million entries.
    expect(ftsQueries('CUST-06928')).toEqual(['"06928"', '"CUS" "T-0" "692" "928"', '"CUST-06928"']);
    expect(ftsQueries('Order 100500: walnut')[0]).toBe('"100500"');
    // A long id by four of its tiles.
    expect(ftsQueries(TXID)[0]).toBe('"9de" "375" "3d6" "98e"');
    // No id: every third trigram, then the phrase, as before.
    expect(ftsQueries('walnut')).toEqual(['"wal" "nut"', '"walnut"']);
    expect(ftsQueries('say "hi" 12345')[0]).toBe('"12345"');

    insert([...Array.from({ length: 2_100 }, (_, i) => ({ foreign_id: `inv-${i}`, end_user_reference: `REF-12345-${i}` })), { foreign_id: 'inv-rare', end_user_reference: 'CUST-12345' }]);
    expect(textCandidates(db, { text: 'CUST-12345', limit: 50 })).toEqual([2_101]);
    expect(searched({ text: 'cust-12345', limit: 50 })).toEqual([2_101]);
  });

  it("finds exactly what the columns' LIKE finds for any piece of any entry's text (500 generated searches)", () => {
    const hash = (seed: string) => createHash('sha256').update(seed).digest();
    const padded = (n: number, width: number) => String(n).padStart(width, '0');
    const rows: Seed[] = Array.from({ length: 400 }, (_, i) => ({
      foreign_id: `INV-${padded((i * 7_919) % 100_000, 8)}`,
      service_id: String(134_700_000 + ((i * 37) % 1_000)),
      title: `Order ${100_000 + ((i * 13) % 500)}: ${['walnut desk', 'oak shelf', 'Äpfel 2025'][i % 3]}`,
      end_user_reference: `CUST-${padded((i * 53) % 300, 5)}`,
      txids: i % 4 === 0 ? JSON.stringify([hash(`tx ${i}`).toString('hex')]) : undefined,
      address: i % 5 === 0 ? `T${hash(`address ${i}`).toString('base64url').slice(0, 33)}` : undefined,
    }));
    insert(rows);
    const columns = ['foreign_id', 'service_id', 'title', 'end_user_reference', 'txids', 'address'] as const;
    let found = 0;
    for (let n = 0; n < 500; n += 1) {
      const text = rows[(n * 131) % rows.length]?.[columns[n % columns.length] ?? 'title'] ?? `CUST-${padded(n % 300, 5)}`;
      const from = (n * 17) % (text.length - 2);
      const piece = text.slice(from, from + 3 + ((n * 29) % (text.length - from - 2)));
      const term = [...piece].map((c, i) => ((n + i) % 3 === 0 ? c.toUpperCase() : c)).join('');
      const query = { text: term, limit: 1 + (n % 60) };
      const result = searched(query);
      expect(result, JSON.stringify(query)).toEqual(walked(query));
      found += result.length;
    }
    expect(found).toBeGreaterThan(500);
  });

  it("answers each of History's filters from an index, newest first, without reading the whole journal or sorting it", () => {
    insert(Array.from({ length: 50 }, (_, i) => ({ foreign_id: `inv-${i}`, state: i % 7 === 0 ? 'unknown' : 'succeeded' })));
    const filters: JournalSearch[] = [
      {},
      { state: 'unknown', limit: 100 },
      { serviceStatus: 'declined' },
      { madeBy: 'Ana Ruiz' },
      { from: '2026-01-01', to: '2026-01-31' },
      { madeBy: 'Ana Ruiz', from: '2026-01-01', to: '2026-01-31' },
      { state: 'failed', from: '2026-01-01' },
      { offset: 5_000 },
    ];
    for (const query of filters) {
      const steps = plan(query);
      expect(steps, JSON.stringify(query)).toMatch(/^SEARCH entries USING INDEX entries_profile_\w+ \(profile_id=\?/);
      expect(steps, JSON.stringify(query)).not.toMatch(/SCAN entries|TEMP B-TREE/);
    }
  });

  it("lists a kind of record (History's payments, or its lookups) from that kind's own index, newest first, and exactly the operations of that kind", () => {
    // Every operation the console records, the lookups' many among them, as a clerk's day has them.
    insert(Array.from({ length: 120 }, (_, i) => ({ operation: JOURNAL_OPERATIONS[i % JOURNAL_OPERATIONS.length], foreign_id: `e-${i}`, title: `Order ${i}` })));
    const operationOf = (id: number) => (db.prepare('SELECT operation FROM entries WHERE id = ?').get(id) as { operation: (typeof JOURNAL_OPERATIONS)[number] }).operation;
    for (const kind of ['payments', 'lookups'] as const) {
      const found = searched({ kind, limit: 1000 });
      const expected = walked({ limit: 1000 }).filter((id) => kindOf(operationOf(id)) === kind);
      // The index's condition and the contract's list of lookups say the same: an operation added to one only fails here.
      expect(found, kind).toEqual(expected);
      expect(found.length, kind).toBeGreaterThan(0);
      expect(plan({ kind, limit: 50 }), kind).toBe(`SEARCH entries USING INDEX entries_profile_${kind} (profile_id=?)`);
      for (const query of [{ kind, state: 'failed' as const }, { kind, madeBy: 'Ana Ruiz', from: '2026-01-01' }, { kind, offset: 10, limit: 5 }]) {
        expect(plan(query), JSON.stringify(query)).toMatch(/^SEARCH entries USING INDEX entries_profile_\w+ \(profile_id=\?/);
        expect(plan(query), JSON.stringify(query)).not.toMatch(/SCAN entries|TEMP B-TREE/);
      }
      // With a free text, the kind is tested on the text's candidates, as every filter is.
      for (const text of ['Order 11', 'e-1', 'e-119']) expect(searched({ kind, text }), text).toEqual(walked({ kind, text }));
    }
    expect(searched({ kind: 'lookups', text: 'e-119' })).toEqual([]);
    expect(searched({ kind: 'payments', text: 'e-119' })).toEqual([120]);
  });
});
