import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { inEnglish, sayWording } from '../../../shared/i18n/index.ts';
import type { Say, Wording } from '../../../shared/i18n/index.ts';
import type { TeamJournalTest } from '../../../shared/ipc/profile.ts';
import type { TeamJournalSettings } from '../../../shared/ipc/team-journal-settings.ts';
import { checkJournalSchema, explainTeamJournalFailure, journalSchemaVersion, LATEST_JOURNAL_VERSION, migrateInTransaction, newerSchemaWording, schemaStatus } from '../journal/index.ts';
import { isLoopbackDatabaseHost, teamJournalPlace } from './pool-config.ts';
import type { PoolTuning } from './pool-config.ts';
import { openTeamPool } from './team-pool.ts';
import type { TeamAccessLog } from './team-pool.ts';

/**
 * "Test connection" of a team journal, on the settings a person is typing: connects the
 * way the app will (team-pool.ts), asks the server's version, reads the journal's schema version,
 * then does what joining will do, for real, inside a transaction that is rolled back: makes the
 * journal's tables in a database that has none, or upgrades older ones, with the app's own
 * migrations (DDL is transactional in PostgreSQL), then writes an entry, settles it and reads it
 * back. So "OK" means this user can join: the database's owner, or a user with the rights to the
 * rows of a journal already at this app's version. Rolled back, a test leaves the database as it
 * found it. A failure comes back as words that say what to check or whom to ask
 * (team-journal-failures.ts), never as the database's text.
 */

/**
 * The probe entry's id: an identity column numbers from 1, so no entry ever has it, and given with
 * OVERRIDING SYSTEM VALUE it uses up no number of the journal's own (rolled back, a number taken
 * from the sequence would stay taken, a gap in the ids History shows).
 */
const PROBE_ID = -1;

/** Runs `work` in a transaction that is always rolled back. */
async function rolledBack(client: pg.PoolClient, work: () => Promise<unknown>): Promise<void> {
  await client.query('BEGIN');
  try {
    await work();
  } finally {
    await client.query('ROLLBACK');
  }
}

/** What a submission does to the journal's rows (begin, sent mark, finish), on a journal at this app's version. */
async function tryEntryWrites(client: pg.PoolClient): Promise<void> {
  await client.query(
    `INSERT INTO entries (id, profile_id, profile_name, operation, state, request, created_at, updated_at, entry_uid)
     OVERRIDING SYSTEM VALUE VALUES ($1, 'merchant-console connection test', 'Test connection', 'invoices.create', 'pending', '{}', pg_catalog.now(), pg_catalog.now(), $2)`,
    [PROBE_ID, randomUUID()],
  );
  await client.query("UPDATE entries SET sent_at = pg_catalog.now(), state = 'failed', updated_at = pg_catalog.now() WHERE id = $1", [PROBE_ID]);
  await client.query('SELECT id FROM entries WHERE id = $1', [PROBE_ID]);
}

/** Whether this login is the journal's owner, or inherits its rights (the tables must exist). */
async function ownsJournal(client: pg.PoolClient): Promise<boolean> {
  const { rows } = await client.query<{ owns: boolean }>(
    "SELECT pg_catalog.pg_has_role(current_user, c.relowner, 'USAGE'::text) AS owns FROM pg_catalog.pg_class c WHERE c.oid = 'entries'::regclass",
  );
  return rows[0]?.owns === true;
}

/**
 * What joining will do, tried and rolled back; on a newer app's journal (read-only) this desktop
 * will only read, so reading is tried. Answers whether this login owns the journal.
 */
async function tryJoining(client: pg.PoolClient, readOnly: boolean): Promise<boolean> {
  if (readOnly) {
    await client.query('SELECT id FROM entries LIMIT 1');
    return ownsJournal(client);
  }
  let owns = false;
  await rolledBack(client, async () => {
    await migrateInTransaction(client, LATEST_JOURNAL_VERSION);
    await tryEntryWrites(client);
    owns = await ownsJournal(client);
  });
  return owns;
}

/** The server's own name for itself, short: "PostgreSQL 16.4". */
const shortVersion = (version: string): string => version.split(' ').slice(0, 2).join(' ');

/** What the journal's schema means for joining it. */
function schemaWording(found: number | null, where: string): Wording {
  if (found === null) return { id: 'main.platform.teamJournal.test.noTables' };
  const status = schemaStatus(found, LATEST_JOURNAL_VERSION);
  if (status.readOnly) return newerSchemaWording(status, { id: 'main.platform.teamJournal.newer.at', values: { where } });
  if (found < LATEST_JOURNAL_VERSION) return { id: 'main.platform.teamJournal.test.older', values: { found, latest: LATEST_JOURNAL_VERSION } };
  return { id: 'main.platform.teamJournal.test.current', values: { found } };
}

/**
 * What an answered test says: where it connected and how, what joining will do to the schema, and,
 * for the journal's owner, that its login may drop the journal's own rules (schema/team-rules.ts):
 * what the journal proves about who did what is only as strong as the owner's login is kept apart
 * from everyday work.
 */
function summaryWording(settings: TeamJournalSettings, serverVersion: string, schemaVersion: number | null, owns: boolean): Wording {
  const where = teamJournalPlace(settings);
  const local = settings.caFile === null && isLoopbackDatabaseHost(settings.host);
  const connected: Wording = {
    id: local ? 'main.platform.teamJournal.test.connectedLocal' : 'main.platform.teamJournal.test.connectedTls',
    values: { server: shortVersion(serverVersion), where },
  };
  const schema = schemaWording(schemaVersion, where);
  return owns
    ? { id: 'main.platform.teamJournal.test.summaryOwner', values: { connected, schema, owner: { id: 'main.platform.teamJournal.test.owner' } } }
    : { id: 'main.platform.teamJournal.test.summary', values: { connected, schema } };
}

/** `say`: the window's language, in which the result is said (English without it, as the set-up command prints). */
export type ConnectionTestOptions = PoolTuning & { log: TeamAccessLog; say?: Say };

export async function testTeamConnection(settings: TeamJournalSettings, password: string, options: ConnectionTestOptions): Promise<TeamJournalTest> {
  const where = teamJournalPlace(settings);
  let pool: pg.Pool;
  try {
    pool = openTeamPool(settings, password, options.log, options);
  } catch (error) {
    // The CA file went missing or bad: the explanation names it.
    return { ok: false, message: explainTeamJournalFailure(error, where, options.say) };
  }
  try {
    const client = await pool.connect();
    try {
      const { rows } = await client.query<{ version: string }>('SELECT pg_catalog.version() AS version');
      const serverVersion = rows[0]?.version ?? 'PostgreSQL';
      const schemaVersion = await journalSchemaVersion(client);
      const readOnly = schemaVersion !== null && schemaStatus(schemaVersion, LATEST_JOURNAL_VERSION).readOnly;
      // As joining does: a schema that others may create objects in is refused before anything runs there.
      await checkJournalSchema(client);
      // A refusal is the app's own (a JournalUpgradeRefused, or SQLSTATE 42501), explained as it would be.
      const owns = await tryJoining(client, readOnly);
      const summary = summaryWording(settings, serverVersion, schemaVersion, owns);
      const message = options.say ? sayWording(options.say, summary) : inEnglish(summary);
      return { ok: true, serverVersion, schemaVersion, readOnly, message };
    } finally {
      client.release();
    }
  } catch (error) {
    return { ok: false, message: explainTeamJournalFailure(error, where, options.say) };
  } finally {
    await pool.end();
  }
}
