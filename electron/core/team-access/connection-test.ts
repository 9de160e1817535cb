import type pg from 'pg';
import type { TeamJournalTest } from '../../../shared/ipc/profile.ts';
import type { TeamJournalSettings } from '../../../shared/ipc/team-journal-settings.ts';
import { explainTeamJournalFailure } from '../journal/postgres/team-journal-failures.ts';
import { LATEST_JOURNAL_VERSION } from '../journal/schema/journal-schema.ts';
import { newerSchemaMessage, schemaStatus } from '../journal/schema/schema-model.ts';
import { isLoopbackDatabaseHost, teamJournalPlace } from './pool-config.ts';
import type { PoolTuning } from './pool-config.ts';
import { openTeamPool } from './team-pool.ts';
import type { TeamAccessLog } from './team-pool.ts';

/**
 * "Test connection" of a team journal (issue 15), on the settings a person is typing: connects the
 * way the app will (team-pool.ts), asks the server's version, reads the journal's schema version
 * when its tables exist, and checks that this user may do what joining will do: make the tables
 * in a database that has none, write the entries of one that has them. Those checks run inside a
 * transaction that is rolled back, so a test leaves the database as it found it. A failure comes
 * back as words that say what to check (team-journal-failures.ts), never as the database's text.
 */

/** A table name no journal uses, made and rolled back to learn whether this user may make tables here. */
const PROBE_TABLE = 'merchant_console_connection_test';

/** Runs `work` in a transaction that is always rolled back. */
async function rolledBack(client: pg.PoolClient, work: () => Promise<unknown>): Promise<void> {
  await client.query('BEGIN');
  try {
    await work();
  } finally {
    await client.query('ROLLBACK');
  }
}

/** The journal's schema version in this database; null when its tables are not made yet. */
async function schemaVersionOf(client: pg.PoolClient): Promise<number | null> {
  const { rows } = await client.query<{ present: boolean }>("SELECT to_regclass('journal_schema') IS NOT NULL AS present");
  if (!rows[0]?.present) return null;
  const found = await client.query<{ version: number }>('SELECT version FROM journal_schema');
  return found.rows[0]?.version ?? 0;
}

/** The server's own name for itself, short: "PostgreSQL 16.4". */
const shortVersion = (version: string): string => version.split(' ').slice(0, 2).join(' ');

function schemaWords(found: number | null, where: string): string {
  if (found === null) return 'The journal\'s tables are not made yet: the first desktop that joins makes them, and this user may.';
  const status = schemaStatus(found, LATEST_JOURNAL_VERSION);
  if (status.readOnly) return newerSchemaMessage(status, `The team journal at ${where}`);
  if (found < LATEST_JOURNAL_VERSION) return `The journal is at schema version ${found}; joining upgrades it to version ${LATEST_JOURNAL_VERSION}.`;
  return `The journal is at schema version ${found}, the one this app writes.`;
}

export type ConnectionTestOptions = PoolTuning & { log: TeamAccessLog };

export async function testTeamConnection(settings: TeamJournalSettings, password: string, options: ConnectionTestOptions): Promise<TeamJournalTest> {
  const where = teamJournalPlace(settings);
  let pool: pg.Pool;
  try {
    pool = openTeamPool(settings, password, options.log, options);
  } catch (error) {
    // The CA file went missing or bad: the explanation names it.
    return { ok: false, message: explainTeamJournalFailure(error, where) };
  }
  try {
    const client = await pool.connect();
    try {
      const { rows } = await client.query<{ version: string }>('SELECT version() AS version');
      const serverVersion = rows[0]?.version ?? 'PostgreSQL';
      const schemaVersion = await schemaVersionOf(client);
      const readOnly = schemaVersion !== null && schemaStatus(schemaVersion, LATEST_JOURNAL_VERSION).readOnly;
      // The rights joining needs, tried for real (a refusal is SQLSTATE 42501, explained like the app's own).
      if (schemaVersion === null) await rolledBack(client, () => client.query(`CREATE TABLE ${PROBE_TABLE} (id integer)`));
      else if (!readOnly) await rolledBack(client, () => client.query('LOCK TABLE entries IN ROW EXCLUSIVE MODE'));
      const secured = settings.caFile === null && isLoopbackDatabaseHost(settings.host) ? 'without TLS (it runs on this computer)' : 'over TLS, its certificate verified';
      const message = `Connected to ${shortVersion(serverVersion)} at ${where}, ${secured}. ${schemaWords(schemaVersion, where)}`;
      return { ok: true, serverVersion, schemaVersion, readOnly, message };
    } finally {
      client.release();
    }
  } catch (error) {
    return { ok: false, message: explainTeamJournalFailure(error, where) };
  } finally {
    await pool.end();
  }
}
