import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { AppFailure } from '../../../../shared/ipc/errors.ts';
import { worded } from '../../../../shared/ipc/errors.ts';
import type { JournalOperation } from '../../../../shared/ipc/journal.ts';
import { SILENT_PENDING_AFTER_MS } from '../../../../shared/submission/silent-pending.ts';
import { attentionSql, needsCheckSql } from '../attention-sql.ts';
import { interruptedOutcome, messageWordingText, notResolvable, resolvedByHand, readAll, readRows, serviceIdText, sortedPeople, txidList, wholeMs } from '../entry-row.ts';
import type { Admit, EarlierTry, Outcome, PendingInput } from '../journal.ts';
import { createAnswerKeeper, keptAnswer, redactRequest } from '../tracking.ts';
import { NEWEST_FIRST, searchSql } from '../search-sql.ts';
import type { JournalSearch } from '../search-sql.ts';
import { newerSchemaWording } from '../schema/schema-model.ts';
import type { SchemaStatus } from '../schema/schema-model.ts';
import type { Author, JournalStore } from '../store.ts';
import { migratePostgresJournal } from './postgres-migrations.ts';
import { checkJournalSchema } from './schema-safety.ts';
import { ENTRY_COLUMNS, LIST_COLUMNS, teamEntryOf, withUid } from './team-entry.ts';
import type { TeamJournalEntry } from './team-entry.ts';
import { teamJournalFailure } from './team-journal-failures.ts';

/**
 * The team journal (README, "The team journal"): the journal of journal.ts, on a PostgreSQL database that several
 * desktops share, with the same steps and the same one rule (shared/submission/outcome.ts). What
 * the shared database changes:
 *  - a foreign id is held once per profile by the database itself (journal-schema.ts, version 6):
 *    the second desktop's pending row is refused, so two desktops can never both send it;
 *  - each entry names who made it, a resolution who resolved it;
 *  - a desktop settles after a restart only its own interrupted entries: another desktop's pending
 *    entry may be in flight right now. One that stays silent too long (its desktop may have stopped
 *    for good) is listed for attention on every desktop and may be resolved by a person
 *    (attention-sql.ts); its desktop's later finish or recovery then leaves that resolution alone;
 *  - times are the database's clock unless `now` is given (tests), so entries from desktops whose
 *    clocks differ still list in the order they were made;
 *  - a database upgraded by a newer app is read, never written (SchemaStatus.readOnly).
 * Every call is async: each write is committed before it returns, as the SQLite journal's are
 * (both are a JournalStore, store.ts).
 *
 * The client is node-postgres (`pg`): the most used PostgreSQL client for Node, maintained since
 * 2010, pure JavaScript (nothing to rebuild for Electron's ABI, unlike a native driver), TLS through
 * Node's own tls (a CA file, verification on by default: what "TLS required, certificate verified"
 * needs), pooled parameterized queries, and bigint and numeric read as text, never as a float.
 * postgres.js (porsager) is faster on paper but mostly one person's work; pg-promise is a layer over pg.
 */

export type TeamJournalOptions = {
  /** Who writes, read at each write (the display name may be set while the app runs). */
  author: () => Author;
  /** Tests: a fixed clock. Otherwise the database's. */
  now?: () => Date;
};

/** The row's time: the given clock's, or the database's at the start of the statement. */
const TIME = (param: string) => `coalesce(${param}::timestamptz, pg_catalog.statement_timestamp())`;
/** "Now, less the threshold" (shared/submission/silent-pending.ts), by the same clock as TIME. */
const SILENT_BEFORE = (param: string) => `${TIME(param)} - interval '${SILENT_PENDING_AFTER_MS} milliseconds'`;
const HOLDS_FOREIGN_ID = "operation <> 'transactions.lookup' AND state <> 'failed'";
const CLAIM_INDEX = 'entries_foreign_id_claim';

type Row = Record<string, string | number | null>;

export async function openTeamJournal(pool: pg.Pool, options: TeamJournalOptions) {
  const { author } = options;
  const where = `${pool.options.host ?? 'localhost'}:${pool.options.port ?? 5432}/${pool.options.database ?? ''}`;
  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw teamJournalFailure(error, where);
    }
  };
  // Before anything runs in it: a schema others may create objects in is refused (schema-safety.ts).
  await guard(() => checkJournalSchema(pool));
  const schema: SchemaStatus = await guard(() => migratePostgresJournal(pool));
  const keeper = createAnswerKeeper();
  const at = (): string | null => options.now?.().toISOString() ?? null;
  const rows = async (client: pg.Pool | pg.PoolClient, sql: string, params: unknown[]): Promise<TeamJournalEntry[]> =>
    readAll((await client.query<Row>(sql, params)).rows, withUid);
  /** A list: its rows that cannot be read are set aside, the others listed (entry-row.ts). */
  const page = async (sql: string, params: unknown[]) => readRows((await pool.query<Row>(sql, params)).rows, withUid);

  const writable = (): void => {
    if (schema.readOnly) throw worded({ kind: 'journal_unavailable' }, newerSchemaWording(schema, { id: 'main.platform.teamJournal.newer.at', values: { where } }));
  };

  const triedRows = async (client: pg.Pool | pg.PoolClient, profileId: string, operation: JournalOperation, foreignId: string): Promise<Row[]> =>
    (await client.query<Row>(`SELECT ${LIST_COLUMNS} FROM entries WHERE profile_id = $1 AND operation = $2 AND foreign_id = $3 ORDER BY id`, [profileId, operation, foreignId])).rows;
  /** The earlier tries as `admit` sees them: whether this desktop made each, by its desktop id (store.ts). */
  const earlierTries = async (client: pg.PoolClient, input: PendingInput): Promise<EarlierTry[]> => {
    if (!input.foreignId) return [];
    const here = author().desktopId;
    return (await triedRows(client, input.profileId, input.operation, input.foreignId)).map((row) => ({
      ...teamEntryOf(row),
      madeHere: row.desktop_id === null ? null : row.desktop_id === here,
    }));
  };

  /**
   * One INSERT of an entry: pending (a submission, settled later by `finish`), or already settled
   * (a lookup, `settled`), whole in one statement.
   */
  async function insertEntry(client: pg.Pool | pg.PoolClient, input: PendingInput, settled?: Outcome): Promise<TeamJournalEntry> {
    const who = author();
    const [entry] = await rows(
      client,
      `INSERT INTO entries (profile_id, profile_name, origin, operation, state, foreign_id, title, end_user_reference, currency, amount,
         request, txids, created_at, updated_at, made_by, made_on, desktop_id, entry_uid,
         service_id, service_status, response, http_status, duration_ms, message, address, message_wording)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, ${TIME('$13')}, ${TIME('$13')}, $14, $15, $16, $17,
         $18, $19, $20, $21, $22, $23, $24, $25) RETURNING ${ENTRY_COLUMNS}`,
      [
        input.profileId, input.profileName, input.origin ?? null, input.operation, settled?.state ?? 'pending', input.foreignId ?? null, input.title ?? null,
        input.endUserReference ?? null, input.currency ?? null, input.amount ?? null, JSON.stringify(redactRequest(input.request)),
        // As `finish` does: the outcome's txids replace the pending entry's.
        txidList(settled?.txids ?? input.txids), at(), who.name, who.computer, who.desktopId, input.entryUid ?? randomUUID(),
        settled ? serviceIdText(settled) : null, settled?.serviceStatus ?? null, settled ? keptAnswer(input.request, settled.response, settled.parsed) : null,
        settled?.httpStatus ?? null, settled ? wholeMs(settled) : null, settled?.message ?? null, settled?.address ?? null,
        settled ? messageWordingText(settled) : null,
      ],
    );
    if (!entry) throw new Error('The team journal returned no entry for an INSERT.');
    return entry;
  }

  /** The refusal of a foreign id another try holds, naming who holds it, read after the refused insert. */
  async function claimTaken(input: PendingInput): Promise<AppFailure> {
    const foreignId = input.foreignId ?? '';
    const [holder] = await rows(pool, `SELECT ${LIST_COLUMNS} FROM entries WHERE profile_id = $1 AND foreign_id = $2 AND ${HOLDS_FOREIGN_ID} ORDER BY id LIMIT 1`, [input.profileId, foreignId]);
    if (!holder) return worded({ kind: 'already_sent', foreignId }, { id: 'main.platform.journal.foreignIdTaken', values: { foreignId } });
    return worded(
      { kind: 'already_sent', foreignId },
      {
        id: 'main.platform.journal.foreignIdTakenBy',
        values: {
          foreignId,
          who: holder.madeBy ?? { id: 'main.platform.journal.someone' },
          computer: holder.madeOn ?? { id: 'main.platform.journal.anotherComputer' },
          operation: holder.operation,
          state: holder.state,
          at: holder.createdAt,
        },
      },
    );
  }

  /**
   * Writes a submission as pending, committed before anything may be sent. With `admit`, the earlier
   * tries are read and the entry written in one transaction, under a lock on the foreign id that
   * every desktop takes, as SQLite's BEGIN IMMEDIATE serializes the processes on one file.
   */
  async function begin(input: PendingInput, admit?: Admit): Promise<number> {
    writable();
    return guard(async () => {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        if (admit) {
          if (input.foreignId) await client.query('SELECT pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended($1::text, 0::bigint))', [`${input.profileId}\n${input.foreignId}`]);
          admit(await earlierTries(client, input));
        }
        const { id } = await insertEntry(client, input);
        await client.query('COMMIT');
        keeper.remember(id, input.request);
        return id;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollback: Error) => (broken = rollback));
        if (error instanceof pg.DatabaseError && error.code === '23505' && error.constraint === CLAIM_INDEX) throw await claimTaken(input);
        throw error;
      } finally {
        client.release(broken);
      }
    });
  }

  /** The sent mark, committed before the transport hands the bytes over; it throws unless it marked exactly this desktop's pending entry. */
  async function markSent(id: number): Promise<void> {
    writable();
    const { rowCount } = await guard(() =>
      pool.query(`UPDATE entries SET sent_at = ${TIME('$1')}, updated_at = ${TIME('$1')} WHERE id = $2 AND state = 'pending' AND sent_at IS NULL AND desktop_id = $3`, [at(), id, author().desktopId]),
    );
    if (rowCount !== 1) throw new Error(`Journal entry ${id} is not a pending submission without a sent mark.`);
  }

  /**
   * Settles this desktop's pending entry. A person on another desktop may have resolved it while it
   * was silent (attention-sql.ts): the UPDATE touches a row still pending only, and the resolution
   * is returned as it stands.
   */
  async function finish(id: number, outcome: Outcome): Promise<TeamJournalEntry> {
    writable();
    const entry = await settlePending(id, outcome);
    if (entry) return entry;
    const [settled] = await guard(() => rows(pool, `SELECT ${ENTRY_COLUMNS} FROM entries WHERE id = $1 AND desktop_id = $2`, [id, author().desktopId]));
    if (!settled) throw new Error(`Journal entry ${id} is not one this desktop wrote.`);
    return settled;
  }

  /** The settling UPDATE: the entry, or null when it is not this desktop's or no longer pending. */
  async function settlePending(id: number, outcome: Outcome): Promise<TeamJournalEntry | null> {
    const [entry] = await guard(() =>
      rows(
        pool,
        `UPDATE entries SET state = $1, service_id = $2, service_status = $3, response = $4, http_status = $5, duration_ms = $6, message = $7,
           txids = coalesce($8, txids), address = coalesce($9, address), updated_at = ${TIME('$10')}, message_wording = $13
         WHERE id = $11 AND desktop_id = $12 AND state = 'pending' RETURNING ${ENTRY_COLUMNS}`,
        [
          outcome.state, serviceIdText(outcome), outcome.serviceStatus ?? null,
          keeper.kept(id, outcome.response, outcome.parsed), outcome.httpStatus ?? null,
          wholeMs(outcome), outcome.message ?? null,
          txidList(outcome.txids), outcome.address ?? null, at(), id, author().desktopId, messageWordingText(outcome),
        ],
      ),
    );
    return entry ?? null;
  }

  /**
   * A lookup is history, not a submission: one INSERT of the settled entry, so it is in the team
   * journal whole or not at all. Written as pending and then settled, a connection lost between the
   * two left a pending row, which this desktop's recovery settled as a failed try, beside the
   * lookup's own copy kept locally and uploaded: the one lookup twice.
   */
  async function record(input: PendingInput, outcome: Outcome): Promise<TeamJournalEntry> {
    writable();
    return guard(() => insertEntry(pool, input, outcome));
  }

  async function get(id: number): Promise<TeamJournalEntry | null> {
    const [entry] = await guard(() => rows(pool, `SELECT ${ENTRY_COLUMNS} FROM entries WHERE id = $1`, [id]));
    return entry ?? null;
  }

  /**
   * A person records what became of an unknown submission, or of a silent pending one whose desktop
   * may have stopped (attention-sql.ts, tested in the UPDATE itself, by the database's clock); who
   * and where is kept. Two people on two desktops may try at once: the second is told who was
   * first, and nothing of theirs is written.
   */
  async function resolve(id: number, state: 'succeeded' | 'failed', note: string): Promise<TeamJournalEntry> {
    writable();
    const who = author();
    const resolution = resolvedByHand(note);
    const [entry] = await guard(() =>
      rows(
        pool,
        `UPDATE entries SET state = $1, message = $2, updated_at = ${TIME('$3')}, resolved_at = ${TIME('$3')}, resolved_by = $4, resolved_on = $5, message_wording = $7
         WHERE id = $6 AND ${needsCheckSql(SILENT_BEFORE('$3'))} RETURNING ${ENTRY_COLUMNS}`,
        [state, resolution.message, at(), who.name, who.computer, id, resolution.wording],
      ),
    );
    if (entry) return entry;
    throw notResolvable(await get(id));
  }

  /**
   * On start: this desktop's entries still pending were cut off by a crash; by their sent mark,
   * unknown or failed. One a person resolved since it was read here is left as they recorded it.
   */
  async function recoverInterrupted(): Promise<TeamJournalEntry[]> {
    if (schema.readOnly) return [];
    const { rows: cut } = await guard(() => pool.query<{ id: string; sent: boolean }>(
      "SELECT id, sent_at IS NOT NULL AS sent FROM entries WHERE state = 'pending' AND desktop_id = $1 ORDER BY id", [author().desktopId]));
    const settled: TeamJournalEntry[] = [];
    for (const { id, sent } of cut) {
      const entry = await settlePending(Number(id), interruptedOutcome(sent));
      if (entry) settled.push(entry);
    }
    return settled;
  }

  /** What a person must check: unknown outcomes, and submissions sent and silent for too long, whichever desktop made them. */
  async function attention(profileId: string) {
    return guard(() => page(attentionSql(LIST_COLUMNS, '$1', SILENT_BEFORE('$2')), [profileId, at()]));
  }

  async function search(profileId: string, query: JournalSearch = {}) {
    const { sql, params } = teamSearchSql(profileId, query);
    return guard(() => page(sql, params));
  }

  /** Everyone who made an entry of the profile, for History's filter by person. */
  async function people(profileId: string): Promise<string[]> {
    const { rows: found } = await guard(() =>
      pool.query<{ made_by: string }>('SELECT DISTINCT made_by FROM entries WHERE profile_id = $1 AND made_by IS NOT NULL', [profileId]),
    );
    return sortedPeople(found.map((row) => row.made_by));
  }

  const triesOf = async (profileId: string, operation: JournalOperation, foreignId: string) =>
    readAll(await guard(() => triedRows(pool, profileId, operation, foreignId)), withUid);

  async function findByForeignId(profileId: string, operation: JournalOperation, foreignId: string): Promise<TeamJournalEntry | null> {
    return (await triesOf(profileId, operation, foreignId)).at(-1) ?? null;
  }

  /** The profile's newest id: ids are the whole database's, so another account's entries would say nothing of this profile's. */
  async function lastId(profileId: string): Promise<number> {
    const { rows: found } = await guard(() => pool.query<{ id: string }>('SELECT coalesce(pg_catalog.max(id), 0) AS id FROM entries WHERE profile_id = $1', [profileId]));
    return Number(found[0]?.id ?? 0);
  }

  return {
    engine: 'postgres',
    schema,
    begin,
    markSent,
    finish,
    record,
    get,
    resolve,
    recoverInterrupted,
    attention,
    search,
    people,
    findByForeignId,
    triesOf,
    lastId,
  } satisfies JournalStore;
}

export type TeamJournal = Awaited<ReturnType<typeof openTeamJournal>>;

/**
 * The team journal's search statement. A later page skips its offset's entries: read whole, with
 * their times formatted, 5,000 of them took 15 to 20 ms at a million entries. So their ids alone
 * are paged (an index-only scan of the newest-first index, for the filters of History), then the
 * page's entries are read: the same entries, in the same order.
 */
export function teamSearchSql(profileId: string, query: JournalSearch, columns: string = LIST_COLUMNS): { sql: string; params: Array<string | number> } {
  const { where, params, page } = searchSql('postgres', profileId, query);
  const sql = query.offset
    ? `SELECT ${columns} FROM entries WHERE id IN (SELECT id FROM entries WHERE ${where} ${page}) ${NEWEST_FIRST}`
    : `SELECT ${columns} FROM entries WHERE ${where} ${page}`;
  return { sql, params };
}
