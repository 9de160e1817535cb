import type { Wording } from '../../../../shared/i18n/index.ts';

/**
 * The words the journal's schema is described in (journal-schema.ts), engine-neutral, so that the
 * SQLite and the PostgreSQL DDL are both generated from one description and cannot drift.
 * Only what the journal uses is expressible: a migration adds, it never renames or drops, so that a
 * desktop that knows an older version can still read a newer database (and stays read-only there).
 */

export type Engine = 'sqlite' | 'postgres';

/**
 *   id         the entry's number, given by the database, ascending;
 *   text       text as written (amounts are exact decimal text, JSON is kept as its text);
 *   integer    a whole number that fits in 32 bits (an HTTP status, a duration in ms);
 *   timestamp  a UTC instant with milliseconds: ISO 8601 text in SQLite (compared as text, which is
 *              chronological in one format), timestamptz(3) in PostgreSQL.
 */
export type ColumnType = 'id' | 'text' | 'integer' | 'timestamp';

export type Column = { name: string; type: ColumnType; nullable: boolean };

export type IndexColumn = { name: string; descending?: boolean };

export type Index = {
  name: string;
  table: string;
  columns: readonly IndexColumn[];
  unique?: boolean;
  /** A partial index: the condition, in SQL both engines read alike. */
  where?: string;
  /** Engines that have it; every engine when left out. WHY the exception, in the index's comment. */
  engines?: readonly Engine[];
};

/**
 * Substring search over text columns (History's free text), case-insensitive as SQLite's LIKE and
 * PostgreSQL's ILIKE are: a term is found anywhere inside any one of the columns. What each engine
 * needs for it differs too much for one CREATE INDEX (schema-ddl.ts): SQLite keeps an FTS5 table of
 * trigrams named `name`, which triggers keep in step with the table; PostgreSQL a pg_trgm GIN index
 * named `name` over the columns joined into one text. Searches use it through search-sql.ts.
 */
export type TextIndex = { name: string; table: string; columns: readonly string[] };

export type SchemaChange =
  /** `engines`: the engines that have the table; every engine when left out. WHY the exception, beside it. */
  | { kind: 'create-table'; table: string; columns: readonly Column[]; engines?: readonly Engine[] }
  | { kind: 'add-column'; table: string; column: Column }
  | { kind: 'create-index'; index: Index }
  | { kind: 'create-text-index'; index: TextIndex }
  /**
   * Rows rewritten for the new shape, per engine: rows written by an older app must read as the
   * new version says. An engine left out had no such rows (no app wrote to it at that version).
   */
  | { kind: 'rows'; sql: Partial<Record<Engine, string>> }
  /**
   * What a database keeps by itself for its owner, per engine (triggers, CHECK constraints): rules
   * that hold whichever desktop writes. An engine left out has no such rules (why, beside them).
   */
  | { kind: 'rules'; sql: Partial<Record<Engine, readonly string[]>> };

export type Migration = {
  /** 1, 2, 3, ...: the schema's version once this migration ran (SQLite's user_version). */
  version: number;
  why: string;
  changes: readonly SchemaChange[];
};

export type Table = { name: string; columns: Column[]; indexes: Index[]; textIndexes: TextIndex[] };

/** Whether an engine has this index. */
export const indexOn = (index: Index, engine: Engine): boolean => index.engines === undefined || index.engines.includes(engine);

/**
 * The tables as they stand after migrations 1 to `version`: what a reader of that version may
 * select, and what the drift tests compare a real database against.
 */
export function tablesAt(migrations: readonly Migration[], version: number): Map<string, Table> {
  const tables = new Map<string, Table>();
  const table = (name: string): Table => {
    const found = tables.get(name);
    if (!found) throw new Error(`The schema description changes table ${name} before creating it.`);
    return found;
  };
  for (const migration of migrations.filter((m) => m.version <= version)) {
    for (const change of migration.changes) {
      if (change.kind === 'create-table') tables.set(change.table, { name: change.table, columns: [...change.columns], indexes: [], textIndexes: [] });
      else if (change.kind === 'add-column') table(change.table).columns.push(change.column);
      else if (change.kind === 'create-index') table(change.index.table).indexes.push(change.index);
      else if (change.kind === 'create-text-index') table(change.index.table).textIndexes.push(change.index);
    }
  }
  return tables;
}

/** What a database's recorded version means to this app: `readOnly` when a newer app wrote it. */
export type SchemaStatus = { found: number; known: number; readOnly: boolean };

export const schemaStatus = (found: number, known: number): SchemaStatus => ({ found, known, readOnly: found > known });

/**
 * The words a person reads when their console meets a schema newer than it knows, as a catalogue
 * message: `what` names the journal (`main.platform.teamJournal.newer.local`, `.team`, `.at`).
 */
export const newerSchemaWording = (status: SchemaStatus, what: Wording): Wording => ({
  id: 'main.platform.teamJournal.newer.message',
  values: { what, found: status.found, known: status.known },
});
