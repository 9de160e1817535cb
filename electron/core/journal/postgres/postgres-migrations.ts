import type pg from 'pg';
import { JOURNAL_MIGRATIONS, LATEST_JOURNAL_VERSION } from '../schema/journal-schema.ts';
import { schemaStatus } from '../schema/schema-model.ts';
import type { Migration, SchemaStatus } from '../schema/schema-model.ts';
import { migrationSql } from '../schema/schema-ddl.ts';

/**
 * The team journal's migrations, generated from the same description as the SQLite journal's, with
 * the same version numbers. PostgreSQL has no user_version: the version is one row of its own table.
 *
 * Several desktops may open one database at once, each wanting to migrate it: a transaction-level
 * advisory lock lets one of them do it while the others wait, then find the work done. DDL is
 * transactional in PostgreSQL, so a failed migration leaves the database as it was.
 */

/** The advisory lock's key: hashtext of a name no other application uses. */
const LOCK = "hashtext('merchant-console journal schema')";

export async function migratePostgresJournal(
  pool: pg.Pool,
  upTo: number = LATEST_JOURNAL_VERSION,
  migrations: readonly Migration[] = JOURNAL_MIGRATIONS,
): Promise<SchemaStatus> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    await client.query(`SELECT pg_advisory_xact_lock(${LOCK})`);
    await client.query('CREATE TABLE IF NOT EXISTS journal_schema (one_row boolean PRIMARY KEY DEFAULT true CHECK (one_row), version integer NOT NULL)');
    await client.query('INSERT INTO journal_schema (version) VALUES (0) ON CONFLICT (one_row) DO NOTHING');
    const { rows } = await client.query<{ version: number }>('SELECT version FROM journal_schema');
    const found = rows[0]?.version ?? 0;
    const status = schemaStatus(found, upTo);
    if (!status.readOnly) {
      for (const migration of migrations.filter((m) => m.version > found && m.version <= upTo)) {
        for (const statement of migrationSql('postgres', migration)) await client.query(statement);
      }
      await client.query('UPDATE journal_schema SET version = $1', [Math.max(found, upTo)]);
    }
    await client.query('COMMIT');
    return status.readOnly ? status : schemaStatus(Math.max(found, upTo), upTo);
  } catch (error) {
    // A connection whose rollback failed is not handed to the next caller.
    await client.query('ROLLBACK').catch((rollback: Error) => (broken = rollback));
    throw error;
  } finally {
    client.release(broken);
  }
}
