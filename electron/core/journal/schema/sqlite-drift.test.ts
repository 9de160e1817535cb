import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JOURNAL_SCHEMA_VERSION, openJournalDatabase } from '../database.ts';
import { JOURNAL_MIGRATIONS, LATEST_JOURNAL_VERSION } from './journal-schema.ts';
import type { Migration } from './schema-model.ts';
import { migrationSql } from './schema-ddl.ts';
import { migrateSqliteJournal } from './sqlite-migrations.ts';

/**
 * The description (journal-schema.ts) against the migrations the app runs today (database.ts): at
 * the app's version, SQLite's own account of the two files (sqlite_schema, PRAGMA table_info,
 * index_list, index_xinfo) must be the same, and an old file's rows must come out the same.
 */

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'journal-drift-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

type Facts = Map<string, string>;

/** Every fact SQLite reports about a file's tables and indexes, keyed by what it is about. */
function facts(db: DatabaseSync): Facts {
  const found: Facts = new Map();
  const rows = (sql: string) => db.prepare(sql).all() as Record<string, unknown>[];
  for (const { name: table } of rows("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")) {
    found.set(`table ${String(table)}`, 'exists');
    for (const column of rows(`PRAGMA table_info(${String(table)})`)) {
      found.set(`column ${String(table)}.${String(column.name)}`, JSON.stringify({ ...column }));
    }
    for (const index of rows(`PRAGMA index_list(${String(table)})`)) {
      const { seq: _seq, ...shape } = index;
      const keys = rows(`PRAGMA index_xinfo(${String(index.name)})`).filter((key) => key.key === 1);
      found.set(`index ${String(index.name)}`, JSON.stringify({ ...shape, keys: keys.map((key) => `${String(key.name)}${key.desc ? ' DESC' : ''}`) }));
    }
  }
  return found;
}

/** The differences, in words: what a failing test prints. */
function drift(app: Facts, described: Facts): string[] {
  const keys = [...new Set([...app.keys(), ...described.keys()])].sort();
  return keys.flatMap((key) => {
    const [inApp, inDescription] = [app.get(key), described.get(key)];
    if (inApp === inDescription) return [];
    if (inDescription === undefined) return [`${key}: only in database.ts's migrations`];
    if (inApp === undefined) return [`${key}: only in the description`];
    return [`${key}: database.ts has ${inApp}, the description gives ${inDescription}`];
  });
}

function described(file: string, upTo: number, migrations: readonly Migration[] = JOURNAL_MIGRATIONS): DatabaseSync {
  const db = new DatabaseSync(file);
  migrateSqliteJournal(db, upTo, migrations);
  return db;
}

describe("the journal's schema description, in SQLite", () => {
  it("gives the same tables, columns and indexes as the app's migrations, at the app's version", () => {
    expect(LATEST_JOURNAL_VERSION).toBeGreaterThanOrEqual(JOURNAL_SCHEMA_VERSION);
    const app = facts(openJournalDatabase(join(dir, 'app.sqlite')));
    const ours = facts(described(join(dir, 'described.sqlite'), JOURNAL_SCHEMA_VERSION));
    expect(drift(app, ours)).toEqual([]);
    expect([...ours.keys()]).toEqual(expect.arrayContaining(['column entries.address', 'index entries_profile_created']));
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
    const problems = drift(app, facts(described(join(dir, 'broken.sqlite'), JOURNAL_SCHEMA_VERSION, broken)));
    expect(problems).toContain("column entries.origin: only in database.ts's migrations");
    expect(problems.find((p) => p.startsWith('index entries_profile_created'))).toMatch(/created_at DESC.*the description gives.*"created_at"/);
  });

  it("rewrites an old file's rows as the app's migrations do", () => {
    const old = join(dir, 'old.sqlite');
    const v1 = described(old, 1);
    const insert = v1.prepare(`INSERT INTO entries (profile_id, profile_name, operation, state, foreign_id, request, response, created_at, updated_at)
      VALUES ('p1', 'Shop', ?, ?, ?, '{}', ?, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:01.000Z')`);
    insert.run('invoice.create', 'succeeded', 'inv-1', '{"id":1}');
    insert.run('exchange.place', 'failed', 'exch-1', null);
    insert.run('address.take', 'unknown', 'addr-1', null);
    insert.run('transaction.lookup', 'succeeded', null, '{"transactions":[{"txid":"aa"},{"txid":"aa"},{"txid":12},"x",{"txid":""}]}');
    insert.run('transaction.lookup', 'succeeded', null, '<html>502</html>');
    v1.close();
    copyFileSync(old, join(dir, 'copy.sqlite'));

    const rows = (db: DatabaseSync) => db.prepare('SELECT * FROM entries ORDER BY id').all();
    const byApp = rows(openJournalDatabase(old));
    const byDescription = rows(described(join(dir, 'copy.sqlite'), JOURNAL_SCHEMA_VERSION));
    expect(byDescription).toEqual(byApp);
    expect(byApp.map((row) => row.operation)).toEqual(['invoices.create', 'exchange.place', 'addresses.take', 'transactions.lookup', 'transactions.lookup']);
    expect(byApp[3]).toMatchObject({ txids: '["aa","12"]', sent_at: null });
  });

  it('leaves a file written by a newer app as it is, and says it is read-only', () => {
    const db = new DatabaseSync(join(dir, 'newer.sqlite'));
    db.exec('CREATE TABLE entries (id INTEGER PRIMARY KEY); PRAGMA user_version = 99;');
    expect(migrateSqliteJournal(db)).toEqual({ found: 99, known: LATEST_JOURNAL_VERSION, readOnly: true });
    expect((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version).toBe(99);
  });

  it('brings a file up to the newest version, a person filter and an id per entry included; the foreign id claim is PostgreSQL only', () => {
    const db = described(join(dir, 'latest.sqlite'), LATEST_JOURNAL_VERSION);
    const ours = facts(db);
    expect([...ours.keys()]).toEqual(expect.arrayContaining(['column entries.made_by', 'column entries.entry_uid', 'index entries_profile_made_by', 'index entries_entry_uid']));
    expect(ours.has('index entries_foreign_id_claim')).toBe(false);
    expect(migrationSql('postgres', JOURNAL_MIGRATIONS[5] as Migration).join('\n')).toMatch(/CREATE UNIQUE INDEX entries_foreign_id_claim ON entries \(profile_id, foreign_id\) WHERE/);
  });

  it('refuses to describe a NOT NULL column added later, which SQLite cannot add without a default', () => {
    const migration: Migration = { version: 7, why: 'test', changes: [{ kind: 'add-column', table: 'entries', column: { name: 'x', type: 'text', nullable: false } }] };
    expect(() => migrationSql('sqlite', migration)).toThrow('Column entries.x is added NOT NULL, which SQLite cannot do without a default.');
  });
});
