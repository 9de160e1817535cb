import type { DatabaseSync } from 'node:sqlite';
import { JOURNAL_MIGRATIONS, LATEST_JOURNAL_VERSION } from './journal-schema.ts';
import { schemaStatus } from './schema-model.ts';
import type { Migration, SchemaStatus } from './schema-model.ts';
import { migrationSql } from './schema-ddl.ts';

/**
 * The SQLite journal's migrations, generated from the description; the version is SQLite's
 * user_version. database.ts opens every journal file with it; a file a newer app upgraded is left as
 * it is, and the status says it is read-only.
 *
 * Each migration runs in its own transaction, so a failure leaves the file at the last whole version.
 */
export function migrateSqliteJournal(db: DatabaseSync, upTo: number = LATEST_JOURNAL_VERSION, migrations: readonly Migration[] = JOURNAL_MIGRATIONS): SchemaStatus {
  const { user_version: found } = db.prepare('PRAGMA user_version').get() as { user_version: number };
  const status = schemaStatus(found, upTo);
  if (status.readOnly) return status;
  for (const migration of migrations.filter((m) => m.version > found && m.version <= upTo)) {
    db.exec('BEGIN');
    try {
      for (const statement of migrationSql('sqlite', migration)) db.exec(statement);
      db.exec(`PRAGMA user_version = ${migration.version}`);
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }
  return schemaStatus(upTo, upTo);
}
