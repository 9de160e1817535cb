import type { Column, ColumnType, Engine, Index, Migration, SchemaChange } from './schema-model.ts';
import { indexOn } from './schema-model.ts';

/**
 * Each engine's SQL for a migration of the description (journal-schema.ts). The two differ only in
 * column types and in which rows steps and indexes they have; everything else is the one SQL both read.
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

function changeSql(engine: Engine, change: SchemaChange): string[] {
  switch (change.kind) {
    case 'create-table':
      return [`CREATE TABLE ${change.table} (\n  ${change.columns.map((c) => columnSql(engine, c)).join(',\n  ')}\n)`];
    case 'add-column':
      // SQLite refuses to add a NOT NULL column without a default; say so here, not in a user's migration.
      if (!change.column.nullable) throw new Error(`Column ${change.table}.${change.column.name} is added NOT NULL, which SQLite cannot do without a default.`);
      return [`ALTER TABLE ${change.table} ADD COLUMN ${columnSql(engine, change.column)}`];
    case 'create-index':
      return indexOn(change.index, engine) ? [indexSql(change.index)] : [];
    case 'rows': {
      const sql = change.sql[engine];
      return sql ? [sql] : [];
    }
  }
}

/** The statements of one migration for one engine, in order; run them in one transaction. */
export function migrationSql(engine: Engine, migration: Migration): string[] {
  return migration.changes.flatMap((change) => changeSql(engine, change));
}
