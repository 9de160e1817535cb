import pg from 'pg';
import { groupCommit } from './group-commit.ts';
import type { Settled } from './group-commit.ts';
import type { EventStore, NewEvent, RecordResult, StoredEvent } from './store.ts';

/**
 * The shared store: one PostgreSQL database for several receivers behind a load balancer. Written
 * to the team journal's rules (docs/security.md, "The team journal trusts no one"): every function
 * call schema-qualified and typed, the table named with its schema, and the search path pinned as a
 * startup option. The password never comes from the command line: PGPASSWORD or a file.
 *
 * Never twice: the table's unique key (account, event_key) and ON CONFLICT DO NOTHING make two
 * receivers that take the same callback at once store it once. Durable: synchronous_commit is on
 * for the session, whatever the database's default, and a write is answered only once committed.
 *
 * Events are committed in groups (group-commit.ts): those that arrive while writes are on their
 * way share the next one, one statement (so one round trip, its own transaction) that inserts the
 * whole batch from one array per column. Up to IN_FLIGHT groups are in flight at once, each on its
 * own connection, and PostgreSQL shares one WAL flush among the commits that reach it together.
 * An INSERT whose data PostgreSQL refuses fails its batch; then each of that batch's events is
 * tried alone, so one event that cannot be stored is refused alone.
 *
 * In order for readers: writes in flight together may commit out of their cursors' order, so a
 * reader is shown events only up to a safe cursor, at or below which every cursor drawn belongs to
 * a write that is over. Each write holds a shared advisory lock from before it draws its cursors
 * until it has committed; a reader takes the same lock alone for a moment (waiting for the writes
 * in flight, holding new ones back) and reads how far the sequence has gone. So a desktop that has
 * seen cursor n never later finds a smaller one appear behind it (docs/receiver.md).
 */

export const RECEIVER_SCHEMA = 'public';
export const RECEIVER_SEARCH_PATH_OPTION = `-c search_path=${RECEIVER_SCHEMA},pg_temp`;
export const RECEIVER_APPLICATION_NAME = 'merchant-console-receiver';
const LOCK_KEY = `pg_catalog.hashtextextended('merchant-console callback_events'::text, 0::bigint)`;
/** Held alone: to make the table, and by a reader for the moment it reads the safe cursor. */
const WRITE_LOCK = `pg_catalog.pg_advisory_xact_lock(${LOCK_KEY})`;
/** Held by every write, shared with the others, from before it draws a cursor until it has committed. */
const WRITING = `pg_catalog.pg_advisory_xact_lock_shared(${LOCK_KEY})`;
/** Batches committing at once (each on its own connection; PostgreSQL shares one WAL flush among those that commit together). */
export const IN_FLIGHT = 2;
/** A statement that waits longer than this (a lock held elsewhere, a server in trouble) fails, so the service hears 503 and retries. */
export const STATEMENT_TIMEOUT_MS = 10_000;
/**
 * How often the server looks, while a write waits (for a lock, say), whether the receiver that sent
 * it is still there: a receiver killed meanwhile has its write abandoned and rolled back, not
 * committed for no one, and the shared lock it held given up.
 */
export const DEAD_CLIENT_CHECK_MS = 500;
/** At most this many events in one transaction (8 parameters each, far under PostgreSQL's 65,535). */
export const MAX_BATCH = 256;
const COLUMNS = 8;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS public.callback_events (
  seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account text NOT NULL,
  signed_key text NOT NULL,
  type text NOT NULL,
  object_id text NOT NULL,
  status text NOT NULL,
  event_key text NOT NULL,
  body text NOT NULL,
  received_at timestamptz NOT NULL,
  CONSTRAINT callback_events_once UNIQUE (account, event_key)
)`;

export type PostgresTarget = { host: string; port: number; user: string; database: string; ssl?: pg.PoolConfig['ssl'] };

/**
 * Reads `postgres://USER@HOST:PORT/DB`. A password in the URL is refused: it would sit in the
 * process list and the shell's history (docs/receiver.md, "Secrets").
 */
export function parsePostgresUrl(text: string): PostgresTarget {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`Not a PostgreSQL URL: ${text.replace(/:[^@/]*@/, ':***@')}`);
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') throw new Error('A PostgreSQL store is given as postgres://USER@HOST:PORT/DB');
  if (url.password !== '') throw new Error('Do not put the PostgreSQL password in the URL: set PGPASSWORD, or give --pg-password-file FILE');
  const user = decodeURIComponent(url.username);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (user === '' || database === '' || url.hostname === '') throw new Error('A PostgreSQL store is given as postgres://USER@HOST:PORT/DB');
  const sslmode = url.searchParams.get('sslmode');
  const target: PostgresTarget = { host: url.hostname.replace(/^\[|\]$/g, ''), port: url.port === '' ? 5432 : Number(url.port), user, database };
  // verify-full: the server's certificate is checked against the system's trust store (or NODE_EXTRA_CA_CERTS).
  if (sslmode === 'verify-full') target.ssl = { rejectUnauthorized: true };
  else if (sslmode !== null && sslmode !== 'disable') throw new Error('sslmode may be verify-full or disable');
  return target;
}

/** PostgreSQL refused the INSERT's data (not the connection, the lock or the commit): its batch may be tried event by event. */
class InsertRefused extends Error {
  override readonly cause: Error;
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.cause = cause instanceof Error ? cause : new Error(String(cause));
  }
}

/**
 * One statement, so one round trip, its own transaction: the shared lock first (the CTE is scanned
 * before any row is made, so before any cursor is drawn), then the rows from one array per column.
 */
const RECORD_EVENTS = `
WITH writing AS MATERIALIZED (SELECT ${WRITING} IS NULL AS never)
INSERT INTO public.callback_events (account, signed_key, type, object_id, status, event_key, body, received_at)
SELECT e.account, e.signed_key, e.type, e.object_id, e.status, e.event_key, e.body, e.received_at::timestamptz
FROM writing, ROWS FROM (${Array.from({ length: COLUMNS }, (_, c) => `pg_catalog.unnest($${c + 1}::text[])`).join(', ')})
     WITH ORDINALITY AS e(account, signed_key, type, object_id, status, event_key, body, received_at, n)
WHERE NOT writing.never
ORDER BY e.n
ON CONFLICT ON CONSTRAINT callback_events_once DO NOTHING RETURNING seq::text AS seq, account, event_key`;

/**
 * The safe cursor: the lock alone waits for every write in flight to commit (or fail) and keeps new
 * ones from drawing a cursor meanwhile, so every cursor the sequence has handed out by then belongs
 * to a write that is over. The sequence is read after the lock is held, in the same statement.
 */
const SAFE_CURSOR = `
SELECT pg_catalog.pg_sequence_last_value(pg_catalog.pg_get_serial_sequence('public.callback_events'::text, 'seq'::text)::regclass)::text AS last
FROM (SELECT ${WRITE_LOCK} IS NULL AS never) AS alone WHERE NOT alone.never`;

/** PostgreSQL refused these events' data (a bad value, a row too large), not the write as such: each may be tried alone. */
function refusedByInsert(error: unknown): boolean {
  const code = error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : '';
  return code.startsWith('22') || code.startsWith('23') || code.startsWith('54');
}

type Row = { seq: string; type: string; object_id: string; status: string; body: string; received_at: string };

export async function openPostgresStore(target: PostgresTarget, password: string | undefined): Promise<EventStore> {
  const pool = new pg.Pool({
    ...target,
    ...(password === undefined ? {} : { password }),
    // A connection for each batch in flight, and two for readers and /health.
    max: IN_FLIGHT + 2,
    connectionTimeoutMillis: 5000,
    application_name: RECEIVER_APPLICATION_NAME,
    // synchronous_commit set for the session outranks the database's and the role's defaults.
    options: `${RECEIVER_SEARCH_PATH_OPTION} -c statement_timeout=${STATEMENT_TIMEOUT_MS} -c synchronous_commit=on -c client_connection_check_interval=${DEAD_CLIENT_CHECK_MS}`,
  });
  // An idle connection that the server ends emits 'error' on the pool; the next query reconnects.
  pool.on('error', () => {});
  const client = await pool.connect().catch(async (error: unknown) => {
    await pool.end();
    throw error;
  });
  try {
    // Receivers that start together make the table once.
    await client.query('BEGIN');
    await client.query(`SELECT ${WRITE_LOCK}`);
    await client.query(SCHEMA);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }

  /** The batch in one statement, its own transaction: answers each event's result in order, or throws when the write failed. */
  const insertBatch = async (batch: readonly NewEvent[]): Promise<Array<Settled<RecordResult>>> => {
    const { rows: stored } = await pool
      .query<{ seq: string; account: string; event_key: string }>({
        name: 'record-callback-events',
        text: RECORD_EVENTS,
        values: [
          batch.map((event) => event.account),
          batch.map((event) => event.signedKey),
          batch.map((event) => event.type),
          batch.map((event) => event.objectId),
          batch.map((event) => event.status),
          batch.map((event) => event.eventKey),
          batch.map((event) => event.body),
          batch.map((event) => event.receivedAt),
        ],
      })
      .catch((error: unknown) => {
        throw refusedByInsert(error) ? new InsertRefused(error) : error;
      });
    // The one row of an event stored goes to its first copy in the batch; a second copy, and an
    // event the table held already, are not stored again.
    const seqOf = new Map(stored.map((row) => [`${row.account}\n${row.event_key}`, row.seq]));
    return batch.map((event) => {
      const key = `${event.account}\n${event.eventKey}`;
      const seq = seqOf.get(key);
      seqOf.delete(key);
      return { ok: true, value: seq === undefined ? { stored: false } : { stored: true, cursor: seq } };
    });
  };
  const commitBatch = async (batch: readonly NewEvent[]): Promise<Array<Settled<RecordResult>>> => {
    try {
      return await insertBatch(batch);
    } catch (error) {
      // Only a refused INSERT is tried event by event: a database that cannot be reached refuses them all at once.
      if (batch.length === 1 || !(error instanceof InsertRefused)) throw error instanceof InsertRefused ? error.cause : error;
      const alone: Array<Settled<RecordResult>> = [];
      for (const event of batch) {
        alone.push(
          await insertBatch([event]).then(
            ([result]) => result ?? { ok: false, error: new Error('No result') },
            (failure: unknown) => ({ ok: false, error: failure instanceof InsertRefused ? failure.cause : failure instanceof Error ? failure : new Error(String(failure)) }),
          ),
        );
      }
      return alone;
    }
  };
  const record = groupCommit(commitBatch, { maxBatch: MAX_BATCH, inFlight: IN_FLIGHT });

  /**
   * The highest cursor a reader may be shown: every event at or below it is committed or will never
   * be. One ask at a time; asks that come meanwhile share its answer (a bound a few milliseconds old
   * is still a true one).
   */
  let asking: Promise<bigint> | null = null;
  const safeCursor = (): Promise<bigint> => {
    asking ??= pool
      .query<{ last: string | null }>(SAFE_CURSOR)
      .then(({ rows }) => BigInt(rows[0]?.last ?? '0'))
      .finally(() => {
        asking = null;
      });
    return asking;
  };


  return {
    description: `postgres://${target.user}@${target.host}:${target.port}/${target.database}`,
    record,
    async after(account: string, cursor: string, limit: number): Promise<StoredEvent[]> {
      const safe = await safeCursor();
      if (safe <= BigInt(cursor)) return [];
      const { rows } = await pool.query<Row>(
        `SELECT seq::text AS seq, type, object_id, status, body,
                pg_catalog.to_char(received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS received_at
         FROM public.callback_events
         WHERE account = $1::text AND callback_events.seq > $2::bigint AND callback_events.seq <= $4::bigint
         ORDER BY callback_events.seq LIMIT $3::integer`,
        [account, cursor, limit, safe.toString()],
      );
      return rows.map((row) => ({ cursor: row.seq, type: row.type, objectId: row.object_id, status: row.status, body: row.body, receivedAt: row.received_at }));
    },
    async check(): Promise<void> {
      const { rows } = await pool.query<{ writable: boolean }>(
        `SELECT NOT pg_catalog.pg_is_in_recovery() AND pg_catalog.has_table_privilege('public.callback_events'::text, 'INSERT'::text) AS writable`,
      );
      if (rows[0]?.writable !== true) throw new Error('The database takes no writes to public.callback_events (a standby, or no INSERT right)');
    },
    close: () => pool.end(),
  };
}
