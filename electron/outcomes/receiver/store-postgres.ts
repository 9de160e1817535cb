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
 * receivers that take the same callback at once store it once. In order: each write holds one
 * transaction-scoped advisory lock until it commits, so events commit in the order of their `seq`,
 * and a reader that has seen `seq` n never later finds a smaller one appear behind its cursor.
 * Durable: synchronous_commit is on for each write, whatever the database's default.
 *
 * Events are committed in groups (group-commit.ts): those that arrive while a transaction is on its
 * way share the next one, one multi-row INSERT under the one lock and one WAL flush. With the lock
 * held to each commit, a transaction per event capped the receiver near two hundred callbacks a
 * second (docs/benchmarks.md). An INSERT that fails takes its batch with it; then each of that
 * batch's events is tried alone, so one event that cannot be stored is refused alone.
 */

export const RECEIVER_SCHEMA = 'public';
export const RECEIVER_SEARCH_PATH_OPTION = `-c search_path=${RECEIVER_SCHEMA},pg_temp`;
export const RECEIVER_APPLICATION_NAME = 'merchant-console-receiver';
const WRITE_LOCK = `pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('merchant-console callback_events'::text, 0::bigint))`;
/** A statement that waits longer than this (a lock held elsewhere, a server in trouble) fails, so the service hears 503 and retries. */
export const STATEMENT_TIMEOUT_MS = 10_000;
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

/** The INSERT itself failed (not the connection, the lock or the commit): its batch may be tried event by event. */
class InsertRefused extends Error {
  override readonly cause: Error;
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.cause = cause instanceof Error ? cause : new Error(String(cause));
  }
}

type Row = { seq: string; type: string; object_id: string; status: string; body: string; received_at: string };

export async function openPostgresStore(target: PostgresTarget, password: string | undefined): Promise<EventStore> {
  const pool = new pg.Pool({
    ...target,
    ...(password === undefined ? {} : { password }),
    max: 4,
    connectionTimeoutMillis: 5000,
    application_name: RECEIVER_APPLICATION_NAME,
    options: `${RECEIVER_SEARCH_PATH_OPTION} -c statement_timeout=${STATEMENT_TIMEOUT_MS}`,
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

  /** The batch in one transaction: answers each event's result in order, or throws when the transaction failed. */
  const insertBatch = async (batch: readonly NewEvent[]): Promise<Array<Settled<RecordResult>>> => {
    const connection = await pool.connect();
    // A connection the server ends while it is out of the pool (a terminated backend) fails the
    // query in hand, which is what this write goes by; its 'error' event must not end the process.
    const ended = () => undefined;
    connection.on('error', ended);
    let broken = false;
    try {
      await connection.query(`BEGIN; SET LOCAL synchronous_commit TO on; SELECT ${WRITE_LOCK};`);
      const rows = batch.map(
        (_, i) =>
          `(${Array.from({ length: COLUMNS }, (__, c) => `$${i * COLUMNS + c + 1}::${c === COLUMNS - 1 ? 'timestamptz' : 'text'}`).join(', ')})`,
      );
      const { rows: stored } = await connection
        .query<{ seq: string; account: string; event_key: string }>(
        `INSERT INTO public.callback_events (account, signed_key, type, object_id, status, event_key, body, received_at)
         VALUES ${rows.join(', ')}
         ON CONFLICT ON CONSTRAINT callback_events_once DO NOTHING RETURNING seq::text AS seq, account, event_key`,
        batch.flatMap((event) => [event.account, event.signedKey, event.type, event.objectId, event.status, event.eventKey, event.body, event.receivedAt]),
        )
        .catch((error: unknown) => {
          throw new InsertRefused(error);
        });
      await connection.query('COMMIT');
      // The one row of an event stored goes to its first copy in the batch; a second copy, and an
      // event the table held already, are not stored again.
      const seqOf = new Map(stored.map((row) => [`${row.account}\n${row.event_key}`, row.seq]));
      return batch.map((event) => {
        const key = `${event.account}\n${event.eventKey}`;
        const seq = seqOf.get(key);
        seqOf.delete(key);
        return { ok: true, value: seq === undefined ? { stored: false } : { stored: true, cursor: seq } };
      });
    } catch (error) {
      broken = true;
      await connection.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      // A connection whose transaction failed is not handed to the next write.
      connection.release(broken);
      connection.off('error', ended);
    }
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
  const record = groupCommit(commitBatch, { maxBatch: MAX_BATCH });

  return {
    description: `postgres://${target.user}@${target.host}:${target.port}/${target.database}`,
    record,
    async after(account: string, cursor: string, limit: number): Promise<StoredEvent[]> {
      const { rows } = await pool.query<Row>(
        `SELECT seq::text AS seq, type, object_id, status, body,
                pg_catalog.to_char(received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS received_at
         FROM public.callback_events WHERE account = $1::text AND callback_events.seq > $2::bigint ORDER BY callback_events.seq LIMIT $3::integer`,
        [account, cursor, limit],
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
