import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JOURNAL_SCHEMA_VERSION, journalSchemaOf, openJournalDatabase } from '../database.ts';
import { JOURNAL_MIGRATIONS, LATEST_JOURNAL_VERSION } from './journal-schema.ts';
import { indexOn, tablesAt } from './schema-model.ts';
import type { ColumnType, Migration } from './schema-model.ts';
import { migrationSql } from './schema-ddl.ts';
import { migrateSqliteJournal } from './sqlite-migrations.ts';

/**
 * A journal file as the app leaves it (database.ts) against the description (journal-schema.ts):
 * SQLite's own account of the file (sqlite_schema, PRAGMA table_info, index_list, index_xinfo) must
 * be what the description says the tables are, whether the file is new or was written by an older
 * app and upgraded; and an old file's rows must come out as each version says.
 */

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'journal-drift-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

type Facts = Map<string, string>;

/** FTS5's own tables behind a text index (its data, its term index, sizes, settings, content): its business, not the description's. */
const FTS5_SHADOWS = ['data', 'idx', 'docsize', 'config', 'content'];

/**
 * A text index as SQLite keeps it: an FTS5 table (its module, tokenizer and content table read from
 * the statement SQLite stored, its columns from SQLite) and the triggers that keep it in step.
 */
function textIndexFacts(db: DatabaseSync, found: Facts): Set<string> {
  const rows = (sql: string) => db.prepare(sql).all() as Record<string, unknown>[];
  const shadows = new Set<string>();
  for (const { name, sql } of rows("SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name")) {
    const options = /USING\s+(\w+)\s*\((.*)\)\s*$/is.exec(String(sql));
    const option = (key: string) => new RegExp(`\\b${key}\\s*=\\s*'([^']*)'`, 'i').exec(options?.[2] ?? '')?.[1] ?? null;
    const columns = rows(`PRAGMA table_info(${String(name)})`).map((column) => String(column.name));
    found.set(`text index ${String(name)}`, JSON.stringify({ module: options?.[1]?.toLowerCase(), columns, content: option('content'), tokenize: option('tokenize') }));
    for (const suffix of FTS5_SHADOWS) shadows.add(`${String(name)}_${suffix}`);
  }
  for (const { name, tbl_name } of rows("SELECT name, tbl_name FROM sqlite_schema WHERE type = 'trigger' ORDER BY name")) {
    found.set(`trigger ${String(name)}`, JSON.stringify({ on: tbl_name }));
  }
  return shadows;
}

/** Every fact SQLite reports about a file's tables, indexes, text indexes and triggers, keyed by what it is about. */
function facts(db: DatabaseSync): Facts {
  const found: Facts = new Map();
  const rows = (sql: string) => db.prepare(sql).all() as Record<string, unknown>[];
  const textIndexTables = textIndexFacts(db, found);
  for (const { name: table } of rows("SELECT name FROM sqlite_schema WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name")) {
    if (textIndexTables.has(String(table))) continue;
    found.set(`table ${String(table)}`, 'exists');
    // SQLite's own tables (sqlite_sequence) are its business: that one exists is the fact.
    if (String(table).startsWith('sqlite_')) continue;
    for (const { name, type, notnull, pk } of rows(`PRAGMA table_info(${String(table)})`)) {
      found.set(`column ${String(table)}.${String(name)}`, JSON.stringify({ type, notnull, pk }));
    }
    for (const { name, unique, partial } of rows(`PRAGMA index_list(${String(table)})`)) {
      const keys = rows(`PRAGMA index_xinfo(${String(name)})`).filter((key) => key.key === 1);
      found.set(`index ${String(name)}`, JSON.stringify({ unique, partial, keys: keys.map((key) => `${String(key.name)}${key.desc ? ' DESC' : ''}`) }));
    }
  }
  return found;
}

/** What SQLite reports for each described type (written out here, apart from schema-ddl.ts, so that a wrong mapping there shows). */
const SQLITE_REPORTS: Record<ColumnType, { type: string; pk: number }> = {
  id: { type: 'INTEGER', pk: 1 },
  text: { type: 'TEXT', pk: 0 },
  integer: { type: 'INTEGER', pk: 0 },
  timestamp: { type: 'TEXT', pk: 0 },
};

/** The facts SQLite should report for the description at a version. */
function describedFacts(version: number, migrations: readonly Migration[] = JOURNAL_MIGRATIONS): Facts {
  const expected: Facts = new Map();
  for (const table of tablesAt(migrations, version).values()) {
    expected.set(`table ${table.name}`, 'exists');
    for (const column of table.columns) {
      const { type, pk } = SQLITE_REPORTS[column.type];
      // SQLite reports an INTEGER PRIMARY KEY as nullable: it is the rowid, never null anyway.
      expected.set(`column ${table.name}.${column.name}`, JSON.stringify({ type, notnull: column.nullable || column.type === 'id' ? 0 : 1, pk }));
    }
    for (const index of table.indexes.filter((i) => indexOn(i, 'sqlite'))) {
      const keys = index.columns.map((c) => `${c.name}${c.descending ? ' DESC' : ''}`);
      expected.set(`index ${index.name}`, JSON.stringify({ unique: index.unique ? 1 : 0, partial: index.where ? 1 : 0, keys }));
    }
    // AUTOINCREMENT (an id never reused): SQLite keeps the last one in a table of its own.
    if (table.columns.some((c) => c.type === 'id')) expected.set('table sqlite_sequence', 'exists');
    // A text index: an FTS5 table of trigrams reading its text from the table, kept by three triggers.
    for (const index of table.textIndexes) {
      expected.set(`text index ${index.name}`, JSON.stringify({ module: 'fts5', columns: index.columns, content: table.name, tokenize: 'trigram' }));
      for (const event of ['insert', 'update', 'delete']) expected.set(`trigger ${index.name}_${event}`, JSON.stringify({ on: table.name }));
    }
  }
  return expected;
}

/** The differences, in words: what a failing test prints. */
function drift(file: Facts, described: Facts): string[] {
  const keys = [...new Set([...file.keys(), ...described.keys()])].sort();
  return keys.flatMap((key) => {
    const [inFile, inDescription] = [file.get(key), described.get(key)];
    if (inFile === inDescription) return [];
    if (inDescription === undefined) return [`${key}: only in the app's file`];
    if (inFile === undefined) return [`${key}: only in the description`];
    return [`${key}: the app's file has ${inFile}, the description gives ${inDescription}`];
  });
}

const userVersion = (db: DatabaseSync) => (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;

/** A file as the app of a version left it. */
function fileAt(file: string, version: number): DatabaseSync {
  const db = new DatabaseSync(file);
  migrateSqliteJournal(db, version);
  return db;
}

/** The first schema, as the first app wrote it (its own SQL, before the description existed). */
const FIRST_APP_SCHEMA = `CREATE TABLE entries (id INTEGER PRIMARY KEY AUTOINCREMENT, profile_id TEXT NOT NULL, profile_name TEXT NOT NULL,
  operation TEXT NOT NULL, state TEXT NOT NULL, foreign_id TEXT, service_id TEXT, service_status TEXT, title TEXT,
  end_user_reference TEXT, currency TEXT, amount TEXT, request TEXT NOT NULL, response TEXT, http_status INTEGER,
  duration_ms INTEGER, message TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
  CREATE INDEX entries_profile_created ON entries (profile_id, created_at DESC, id DESC);
  CREATE INDEX entries_foreign_id ON entries (foreign_id);
  CREATE INDEX entries_service_id ON entries (service_id);
  CREATE INDEX entries_state ON entries (state);
  PRAGMA user_version = 1;`;

describe("the journal's schema description, in SQLite", () => {
  it('is what a new file opened by the app has: every table, column and index, at the newest version', () => {
    expect(JOURNAL_SCHEMA_VERSION).toBe(LATEST_JOURNAL_VERSION);
    const db = openJournalDatabase(join(dir, 'app.sqlite'));
    expect(userVersion(db)).toBe(LATEST_JOURNAL_VERSION);
    const found = facts(db);
    expect(drift(found, describedFacts(LATEST_JOURNAL_VERSION))).toEqual([]);
    expect([...found.keys()]).toEqual(expect.arrayContaining(['column entries.address', 'column entries.made_by', 'index entries_profile_created', 'index entries_entry_uid']));
  });

  it('is what a file of the first app has once the app upgraded it', () => {
    const file = join(dir, 'first.sqlite');
    const first = new DatabaseSync(file);
    first.exec(FIRST_APP_SCHEMA);
    first.close();
    const db = openJournalDatabase(file);
    expect(userVersion(db)).toBe(LATEST_JOURNAL_VERSION);
    expect(drift(facts(db), describedFacts(LATEST_JOURNAL_VERSION))).toEqual([]);
  });

  it('names what drifted: a description that lacks a column, or orders an index otherwise, is caught', () => {
    const app = facts(openJournalDatabase(join(dir, 'app.sqlite')));
    const broken = JOURNAL_MIGRATIONS.map((migration) => ({
      ...migration,
      changes: migration.changes
        .filter((change) => !(change.kind === 'add-column' && change.column.name === 'origin'))
        .map((change) =>
          change.kind === 'create-index' && change.index.name === 'entries_profile_created'
            ? { ...change, index: { ...change.index, columns: change.index.columns.map((c) => ({ name: c.name })) } }
            : change,
        ),
    }));
    const problems = drift(app, describedFacts(LATEST_JOURNAL_VERSION, broken));
    expect(problems).toContain("column entries.origin: only in the app's file");
    expect(problems.find((p) => p.startsWith('index entries_profile_created'))).toMatch(/created_at DESC.*the description gives.*"created_at"/);
  });

  it('names a text index that drifted: a trigger missing, another tokenizer, a column left out of the description', () => {
    const db = openJournalDatabase(join(dir, 'app.sqlite'));
    db.exec(`DROP TRIGGER entries_text_update; DROP TABLE entries_text;
      CREATE VIRTUAL TABLE entries_text USING fts5(foreign_id, service_id, title, end_user_reference, txids, address, content='entries', tokenize='unicode61')`);
    const problems = drift(facts(db), describedFacts(LATEST_JOURNAL_VERSION));
    expect(problems).toContain('trigger entries_text_update: only in the description');
    expect(problems.find((p) => p.startsWith('text index entries_text'))).toMatch(/"tokenize":"unicode61".*the description gives.*"tokenize":"trigram"/);
    const withoutAddress = JOURNAL_MIGRATIONS.map((migration) => ({
      ...migration,
      changes: migration.changes.map((change) => (change.kind === 'create-text-index' ? { ...change, index: { ...change.index, columns: change.index.columns.filter((c) => c !== 'address') } } : change)),
    }));
    const fresh = openJournalDatabase(join(dir, 'fresh.sqlite'));
    expect(drift(facts(fresh), describedFacts(LATEST_JOURNAL_VERSION, withoutAddress)).find((p) => p.startsWith('text index entries_text'))).toMatch(/"address"\].*the description gives/);
  });

  it("rewrites a first app's rows as each version says: channel names, the sent mark, a lookup's txids", () => {
    const old = join(dir, 'old.sqlite');
    const v1 = fileAt(old, 1);
    const insert = v1.prepare(`INSERT INTO entries (profile_id, profile_name, operation, state, foreign_id, request, response, created_at, updated_at)
      VALUES ('p1', 'Shop', ?, ?, ?, '{}', ?, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:01.000Z')`);
    insert.run('invoice.create', 'succeeded', 'inv-1', '{"id":1}');
    insert.run('exchange.place', 'failed', 'exch-1', null);
    insert.run('address.take', 'unknown', 'addr-1', null);
    insert.run('transaction.lookup', 'succeeded', null, '{"transactions":[{"txid":"aa"},{"txid":"aa"},{"txid":12},"x",{"txid":""}]}');
    insert.run('transaction.lookup', 'succeeded', null, '<html>502</html>');
    v1.close();

    const rows = openJournalDatabase(old).prepare('SELECT operation, sent_at, txids, origin, address FROM entries ORDER BY id').all();
    const sent = '2026-01-01T00:00:00.000Z';
    expect(rows).toEqual([
      { operation: 'invoices.create', sent_at: sent, txids: null, origin: null, address: null },
      { operation: 'exchange.place', sent_at: sent, txids: null, origin: null, address: null },
      { operation: 'addresses.take', sent_at: sent, txids: null, origin: null, address: null },
      // A lookup is not a submission: no sent mark. Its txids come from its kept answer, once each; a cut answer gives none.
      { operation: 'transactions.lookup', sent_at: null, txids: '["aa","12"]', origin: null, address: null },
      { operation: 'transactions.lookup', sent_at: null, txids: null, origin: null, address: null },
    ]);
  });

  it('gives every row of a version 5 file its own entry uid from version 6 on, and nobody as its maker', () => {
    const file = join(dir, 'v5.sqlite');
    const v5 = fileAt(file, 5);
    const insert = v5.prepare(`INSERT INTO entries (profile_id, profile_name, operation, state, foreign_id, request, created_at, updated_at)
      VALUES ('p1', 'Shop', 'invoices.create', 'succeeded', ?, '{}', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`);
    v5.exec('BEGIN');
    for (let i = 0; i < 50; i += 1) insert.run(`inv-${i}`);
    v5.exec('COMMIT');
    v5.close();

    const db = openJournalDatabase(file);
    expect(userVersion(db)).toBe(LATEST_JOURNAL_VERSION);
    const rows = db.prepare('SELECT entry_uid, made_by, made_on, desktop_id, resolved_by, uploaded_at FROM entries').all() as Record<string, unknown>[];
    expect(rows).toHaveLength(50);
    for (const row of rows) expect(row).toEqual({ entry_uid: expect.stringMatching(/^[0-9a-f]{32}$/), made_by: null, made_on: null, desktop_id: null, resolved_by: null, uploaded_at: null });
    expect(new Set(rows.map((row) => row.entry_uid)).size).toBe(50);
    // The uid is unique in the file: a copy of an entry cannot be written twice.
    expect(() => db.prepare('UPDATE entries SET entry_uid = ? WHERE id = 2').run(rows[0]?.entry_uid as string)).toThrow(/UNIQUE constraint failed: entries.entry_uid/);
  });

  it('leaves a file written by a newer app as it is, and says it is read-only', () => {
    const db = new DatabaseSync(join(dir, 'newer.sqlite'));
    db.exec('CREATE TABLE entries (id INTEGER PRIMARY KEY); PRAGMA user_version = 99;');
    expect(migrateSqliteJournal(db)).toEqual({ found: 99, known: LATEST_JOURNAL_VERSION, readOnly: true });
    expect(userVersion(db)).toBe(99);
    db.close();
    const opened = openJournalDatabase(join(dir, 'newer.sqlite'));
    expect(journalSchemaOf(opened)).toEqual({ found: 99, known: LATEST_JOURNAL_VERSION, readOnly: true });
    expect(() => opened.exec('PRAGMA user_version = 100')).toThrow(/readonly/);
  });

  it('brings a file up to the newest version, a person filter and an id per entry included; the foreign id claim is PostgreSQL only', () => {
    const ours = facts(openJournalDatabase(join(dir, 'latest.sqlite')));
    expect([...ours.keys()]).toEqual(expect.arrayContaining(['column entries.made_by', 'column entries.entry_uid', 'index entries_profile_made_by', 'index entries_entry_uid']));
    expect(ours.has('index entries_foreign_id_claim')).toBe(false);
    expect(migrationSql('postgres', JOURNAL_MIGRATIONS[5] as Migration).join('\n')).toMatch(/CREATE UNIQUE INDEX entries_foreign_id_claim ON entries \(profile_id, foreign_id\) WHERE/);
  });

  it('refuses to describe a NOT NULL column added later, which SQLite cannot add without a default', () => {
    const migration: Migration = { version: 7, why: 'test', changes: [{ kind: 'add-column', table: 'entries', column: { name: 'x', type: 'text', nullable: false } }] };
    expect(() => migrationSql('sqlite', migration)).toThrow('Column entries.x is added NOT NULL, which SQLite cannot do without a default.');
  });
});
