import type { Column, ColumnType, Engine, Index, Migration, SchemaChange, TextIndex } from './schema-model.ts';
import { indexOn } from './schema-model.ts';

/**
 * Each engine's SQL for a migration of the description (journal-schema.ts). The two differ in column
 * types, in which rows steps and indexes they have, and in how a text index is kept; everything else
 * is the one SQL both read.
 */

const TYPES: Record<Engine, Record<ColumnType, string>> = {
  sqlite: {
    // AUTOINCREMENT: an id is never reused after a delete, so a number once shown names one entry.
    id: 'INTEGER PRIMARY KEY AUTOINCREMENT',
    text: 'TEXT',
    integer: 'INTEGER',
    timestamp: 'TEXT',
  },
  postgres: {
    // ALWAYS: only the database numbers entries, so two desktops never pick the same one.
    id: 'bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY',
    text: 'text',
    integer: 'integer',
    // Milliseconds, as JavaScript's Date has them: a time read back is the time written.
    timestamp: 'timestamptz(3)',
  },
};

function columnSql(engine: Engine, column: Column): string {
  return `${column.name} ${TYPES[engine][column.type]}${column.nullable || column.type === 'id' ? '' : ' NOT NULL'}`;
}

function indexSql(index: Index): string {
  const columns = index.columns.map((c) => `${c.name}${c.descending ? ' DESC' : ''}`).join(', ');
  return `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX ${index.name} ON ${index.table} (${columns})${index.where ? ` WHERE ${index.where}` : ''}`;
}

/** Between two columns in the joined text: a control character nobody types (search-sql.ts relies on it). */
export const TEXT_SEPARATOR = '\x1f';

/**
 * PostgreSQL: a text index's columns as the one text its GIN index keeps and a search tests with
 * ILIKE (search-sql.ts writes the very same expression, or the planner would not use the index).
 * A null column adds nothing. A term without the separator is found in the joined text exactly
 * when one column holds it: it cannot straddle two.
 */
export const joinedText = (index: TextIndex): string => index.columns.map((c) => `coalesce(${c}, '')`).join(` || E'\\x1f' || `);

/**
 * SQLite: an FTS5 table of trigrams over the columns, with its content read from the table itself
 * (external content: no second copy of the text), and triggers that keep it in step with every
 * insert, update of those columns, and delete; 'rebuild' indexes the rows already there. FTS5's
 * trigram tokenizer folds case, so it finds at least what LIKE finds; the search keeps the LIKE.
 * PostgreSQL: pg_trgm's GIN operator class, which serves ILIKE '%term%'. CREATE EXTENSION needs a
 * database owner (pg_trgm is a trusted extension since PostgreSQL 13) unless it is already there.
 */
function textIndexSql(engine: Engine, index: TextIndex): string[] {
  if (engine === 'postgres') {
    return [
      'CREATE EXTENSION IF NOT EXISTS pg_trgm',
      `CREATE INDEX ${index.name} ON ${index.table} USING gin ((${joinedText(index)}) gin_trgm_ops)`,
      // How many entries a term matches is estimated from ANALYZE's sample of the joined text: with
      // the default (100 values) a word in 2 % of entries is often seen 0 or 1 times, and the planner
      // then reads every match through the index and sorts them (160 ms at a million) instead of
      // walking the newest entries (4 ms). A sample ten times larger keeps the estimate steady.
      `ALTER INDEX ${index.name} ALTER COLUMN 1 SET STATISTICS 1000`,
    ];
  }
  const { name, table } = index;
  const columns = index.columns.join(', ');
  const values = (row: 'new' | 'old') => index.columns.map((c) => `${row}.${c}`).join(', ');
  const add = `INSERT INTO ${name} (rowid, ${columns}) VALUES (new.rowid, ${values('new')});`;
  const remove = `INSERT INTO ${name} (${name}, rowid, ${columns}) VALUES ('delete', old.rowid, ${values('old')});`;
  return [
    `CREATE VIRTUAL TABLE ${name} USING fts5(${columns}, content='${table}', tokenize='trigram')`,
    `CREATE TRIGGER ${name}_insert AFTER INSERT ON ${table} BEGIN ${add} END`,
    `CREATE TRIGGER ${name}_update AFTER UPDATE OF ${columns} ON ${table} BEGIN ${remove} ${add} END`,
    `CREATE TRIGGER ${name}_delete AFTER DELETE ON ${table} BEGIN ${remove} END`,
    `INSERT INTO ${name} (${name}) VALUES ('rebuild')`,
  ];
}

function changeSql(engine: Engine, change: SchemaChange): string[] {
  switch (change.kind) {
    case 'create-table':
      if (change.engines && !change.engines.includes(engine)) return [];
      return [`CREATE TABLE ${change.table} (\n  ${change.columns.map((c) => columnSql(engine, c)).join(',\n  ')}\n)`];
    case 'add-column':
      // SQLite refuses to add a NOT NULL column without a default; say so here, not in a user's migration.
      if (!change.column.nullable) throw new Error(`Column ${change.table}.${change.column.name} is added NOT NULL, which SQLite cannot do without a default.`);
      return [`ALTER TABLE ${change.table} ADD COLUMN ${columnSql(engine, change.column)}`];
    case 'create-index':
      return indexOn(change.index, engine) ? [indexSql(change.index)] : [];
    case 'create-text-index':
      return textIndexSql(engine, change.index);
    case 'rows': {
      const sql = change.sql[engine];
      return sql ? [sql] : [];
    }
    case 'rules':
      return [...(change.sql[engine] ?? [])];
  }
}

/** The statements of one migration for one engine, in order; run them in one transaction. */
export function migrationSql(engine: Engine, migration: Migration): string[] {
  return migration.changes.flatMap((change) => changeSql(engine, change));
}
