import pg from 'pg';
import { JOURNAL_MIGRATIONS, LATEST_JOURNAL_VERSION } from '../schema/journal-schema.ts';
import { schemaStatus } from '../schema/schema-model.ts';
import type { Migration, SchemaStatus } from '../schema/schema-model.ts';
import { migrationSql } from '../schema/schema-ddl.ts';
import { inPgTransaction } from './pg-transaction.ts';

/**
 * The team journal's migrations, generated from the same description as the SQLite journal's, with
 * the same version numbers. PostgreSQL has no user_version: the version is one row of its own table.
 *
 * Who may open a team journal: its database's owner, who makes and upgrades it, and any user with
 * the rights to read and write its rows once it is at this app's version. So a desktop first only
 * reads the version, and changes the schema only when it must: a user with row rights alone gets
 * "permission denied for schema public" from even a CREATE TABLE IF NOT EXISTS of a table that is
 * there, and PostgreSQL has no right to grant for ALTER TABLE but ownership.
 *
 * Several desktops may open one database at once, each wanting to migrate it: a transaction-level
 * advisory lock lets one of them do it while the others wait, then find the work done. DDL is
 * transactional in PostgreSQL, so a failed migration leaves the database as it was, and Test
 * connection can run the very migrations joining will run, then roll them back.
 */

/** The advisory lock's key: hashtext of a name no other application uses. */
const LOCK = "pg_catalog.hashtext('merchant-console journal schema'::text)";

/**
 * What a desktop's user needs when it is not the owner, on a journal at its console's version: to
 * read the version, to read, write and settle entries, and to draft, decide and claim withdrawals (README, "Which database user each
 * desktop needs"). An identity column needs no right on its sequence.
 */
export const rowGrants = (user: string): string[] => [
  `GRANT SELECT ON journal_schema TO ${user}`,
  `GRANT SELECT, INSERT, UPDATE ON entries TO ${user}`,
  // Withdrawals' drafts, decisions, policies and send claims are written once, never changed (withdrawal-rules.ts).
  `GRANT SELECT, INSERT ON withdrawal_drafts, withdrawal_decisions, withdrawal_policies, withdrawal_sends, withdrawal_send_checks TO ${user}`,
];

/** insufficient_privilege: the user may not make or change the journal's tables (not their owner). */
const PERMISSION_DENIED = '42501';

/**
 * The journal needs making or upgrading, and the user this desktop connects as may not do it. Its
 * words are in team-journal-failures.ts, with the rest of what a person is told.
 */
export class JournalUpgradeRefused extends Error {
  override name = 'JournalUpgradeRefused';
  /** The version found; null when the journal's tables are not made yet. */
  readonly found: number | null;
  readonly needed: number;
  /** Who this desktop connects as, and where: the words name them, for the database's administrator. */
  readonly user: string;
  readonly database: string;

  constructor(found: number | null, needed: number, who: { user: string; database: string }, cause: unknown) {
    super(`The team journal needs schema version ${needed} (it has ${found ?? 'no tables'}), and ${who.user} may not change its schema.`, { cause });
    this.found = found;
    this.needed = needed;
    this.user = who.user;
    this.database = who.database;
  }
}

/**
 * The journal's schema version in this database; null when its tables are not made yet. Reads only.
 * Whether the table is there is read from pg_tables, by the statement's own snapshot, not with
 * to_regclass: that looks the name up in the connection's catalog cache, which may still hold
 * "no such table" from before this desktop waited on the schema lock for another one that made it.
 * current_schema() is where an unqualified CREATE TABLE puts it.
 */
export async function journalSchemaVersion(db: pg.Pool | pg.ClientBase): Promise<number | null> {
  const { rows } = await db.query<{ present: boolean }>(
    "SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_tables WHERE schemaname = pg_catalog.current_schema() AND tablename = 'journal_schema') AS present",
  );
  if (!rows[0]?.present) return null;
  const found = await db.query<{ version: number }>('SELECT version FROM journal_schema');
  return found.rows[0]?.version ?? 0;
}

/**
 * Makes or migrates the journal up to `upTo`, inside a transaction the caller opened and ends: the
 * app commits it (migratePostgresJournal), Test connection rolls it back. Takes the schema lock,
 * then reads the version again: another desktop may have done the work while this one waited.
 */
export async function migrateInTransaction(
  client: pg.ClientBase,
  upTo: number = LATEST_JOURNAL_VERSION,
  migrations: readonly Migration[] = JOURNAL_MIGRATIONS,
): Promise<SchemaStatus> {
  await client.query(`SELECT pg_catalog.pg_advisory_xact_lock(${LOCK})`);
  const found = await journalSchemaVersion(client);
  const status = schemaStatus(found ?? 0, upTo);
  if (status.readOnly || found === upTo) return status;
  // Read before any DDL: once a statement fails, the transaction answers nothing more.
  const { rows } = await client.query<{ user: string; database: string }>('SELECT current_user AS user, pg_catalog.current_database() AS database');
  try {
    if (found === null) {
      await client.query('CREATE TABLE journal_schema (one_row boolean PRIMARY KEY DEFAULT true CHECK (one_row), version integer NOT NULL)');
      await client.query('INSERT INTO journal_schema (version) VALUES (0)');
    }
    for (const migration of migrations.filter((m) => m.version > (found ?? 0) && m.version <= upTo)) {
      for (const statement of migrationSql('postgres', migration)) await client.query(statement);
    }
    await client.query('UPDATE journal_schema SET version = $1', [upTo]);
  } catch (error) {
    if (error instanceof pg.DatabaseError && error.code === PERMISSION_DENIED) {
      throw new JournalUpgradeRefused(found, upTo, rows[0] ?? { user: '', database: '' }, error);
    }
    throw error;
  }
  return schemaStatus(upTo, upTo);
}

export async function migratePostgresJournal(
  pool: pg.Pool,
  upTo: number = LATEST_JOURNAL_VERSION,
  migrations: readonly Migration[] = JOURNAL_MIGRATIONS,
): Promise<SchemaStatus> {
  // A journal at this version, or a newer one (read-only), needs nothing of this user but reading its version.
  const found = await journalSchemaVersion(pool);
  if (found !== null && found >= upTo) return schemaStatus(found, upTo);
  return inPgTransaction(pool, (client) => migrateInTransaction(client, upTo, migrations));
}
