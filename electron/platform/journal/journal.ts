import { randomUUID } from 'node:crypto';
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { z } from 'zod';
import { AppFailure } from '../../../shared/ipc/errors.ts';
import { JOURNAL_OPERATIONS, JOURNAL_STATES } from '../../../shared/ipc/journal.ts';
import type { JournalEntry, JournalOperation, JournalPage, UnreadableEntry } from '../../../shared/ipc/journal.ts';
import { submissionOutcome } from '../../../shared/submission/outcome.ts';
import { SILENT_PENDING_AFTER_MS } from '../../../shared/submission/silent-pending.ts';
import { attentionSql, needsCheckSql } from './attention-sql.ts';
import { journalSchemaOf } from './database.ts';
import { newerSchemaMessage } from './schema/schema-model.ts';
import type { JournalSearch } from './search-sql.ts';
import { sqliteSearch } from './sqlite-search.ts';
import type { Admit, Author, JournalStore, Outcome, PendingInput } from './store.ts';
import { KEPT_ANSWER_CHARS, createAnswerKeeper, redactRequest } from './tracking.ts';

/*
 * The journal's entries: first an entry's row as both engines keep it, one reader of a row and the
 * values an outcome is written as, so that this desktop's SQLite journal (below) and the team
 * journal (postgres/, which reads its rows through this file too) cannot differ; then the SQLite
 * journal itself.
 */

// ---- An entry's row, as both engines read and write it ----

export type Row = Record<string, SQLInputValue>;

export const INTERRUPTED_MESSAGE =
  'The app stopped before the service answered. The request may or may not have reached the service: look it up by its foreign id before trying again.';
export const STOPPED_UNSENT_MESSAGE =
  'The app stopped before the request was sent: nothing reached the service. It can be sent again with the same foreign id.';

/**
 * The most characters of `request` and of `response` an entry carries, cut by the database itself
 * (SQLite's substr, PostgreSQL's left) so that a row of megabytes never crosses into main: above the
 * answers the app keeps (tracking.ts, with its cut mark), far below what a member's login could write.
 * The database hands one character more, which tells a cut text from one exactly this long.
 */
export const DETAIL_CHARS = KEPT_ANSWER_CHARS + 1024;

/** A text the database cut at DETAIL_CHARS + 1 characters (code points, as both engines count): its first DETAIL_CHARS, and whether it was longer. */
function uncut(value: unknown): { value: unknown; cut: boolean } {
  // A UTF-16 length within the limit has at most as many code points: nothing to count.
  if (typeof value !== 'string' || value.length <= DETAIL_CHARS) return { value, cut: false };
  const points = [...value];
  return points.length <= DETAIL_CHARS ? { value, cut: false } : { value: points.slice(0, DETAIL_CHARS).join(''), cut: true };
}

const text = z.string().nullish().transform((value) => value ?? null);
/** A whole number as either engine answers it: a number (SQLite, int4) or its digits (bigint). */
const whole = z
  .union([z.number(), z.string().regex(/^-?\d{1,15}$/, 'is not a whole number'), z.bigint()])
  .transform((value) => Number(value))
  .pipe(z.number().int('is not a whole number'));
/** A JSON text holding `shape`. */
const jsonOf = <S extends z.ZodType>(shape: S, what: string) =>
  z
    .string()
    .transform((json, context) => {
      try {
        return JSON.parse(json) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: `is not JSON (${what})` });
        return z.NEVER;
      }
    })
    .pipe(shape);

/**
 * One row of `entries` as the journal reads it, both engines: every column this app knows,
 * checked, because a team journal's rows are written by other desktops and other logins. A column a
 * database of an older version lacks reads as null; `request` and `response` are absent from a list's
 * rows (detail 'none').
 */
const entryRow = z.object({
  id: whole.pipe(z.number().min(1)),
  profile_id: z.string(),
  profile_name: z.string(),
  origin: text,
  operation: z.enum(JOURNAL_OPERATIONS),
  state: z.enum(JOURNAL_STATES),
  foreign_id: text,
  service_id: text,
  service_status: text,
  title: text,
  end_user_reference: text,
  currency: text,
  amount: text,
  request: jsonOf(z.record(z.string(), z.unknown()), 'an object').optional(),
  txids: jsonOf(z.array(z.string()), 'a list of texts').nullish(),
  address: text,
  response: text,
  http_status: whole.nullish(),
  sent_at: text,
  duration_ms: whole.nullish(),
  message: text,
  created_at: z.string(),
  updated_at: z.string(),
  made_by: text,
  made_on: text,
  resolved_by: text,
  resolved_on: text,
  resolved_at: text,
  made_login: text,
  resolved_login: text,
});

export type ReadRow = { ok: true; entry: JournalEntry } | { ok: false; unreadable: UnreadableEntry };

const idText = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' ? String(value).slice(0, 40) : '';

/** One row read, or set aside with its id and the first column that could not be read. */
export function readRow(row: Record<string, unknown>): ReadRow {
  const request = uncut(row.request);
  const response = uncut(row.response);
  const detail = !('request' in row) && !('response' in row) ? 'none' : request.cut || response.cut ? 'cut' : 'whole';
  // A cut request is no longer JSON: it is not read, rather than set aside (the rest of the entry is sound).
  const read = entryRow.safeParse({ ...row, request: request.cut ? '{}' : request.value, response: response.value });
  if (!read.success) {
    const issue = read.error.issues[0];
    const field = issue?.path.map(String).join('.') ?? '';
    const problem = issue === undefined ? 'cannot be read' : issue.code === 'invalid_value' ? 'is not one this app knows' : issue.message;
    return { ok: false, unreadable: { id: idText(row.id), field: field.slice(0, 100), problem: problem.slice(0, 200) } };
  }
  const r = read.data;
  return {
    ok: true,
    entry: {
      id: r.id,
      profileId: r.profile_id,
      profileName: r.profile_name,
      origin: r.origin,
      operation: r.operation,
      state: r.state,
      foreignId: r.foreign_id,
      serviceId: r.service_id,
      serviceStatus: r.service_status,
      title: r.title,
      endUserReference: r.end_user_reference,
      currency: r.currency,
      amount: r.amount,
      request: r.request ?? {},
      txids: r.txids ?? [],
      address: r.address,
      response: r.response,
      httpStatus: r.http_status ?? null,
      sentAt: r.sent_at,
      durationMs: r.duration_ms ?? null,
      message: r.message,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      // Schema version 6 (the team journal); absent from a database of an older version, so read as null.
      madeBy: r.made_by,
      madeOn: r.made_on,
      resolvedBy: r.resolved_by,
      resolvedOn: r.resolved_on,
      resolvedAt: r.resolved_at,
      // Team journal only (schema version 7): stamped by the database's triggers.
      madeLogin: r.made_login,
      resolvedLogin: r.resolved_login,
      detail,
    },
  };
}

/** A journal entry that could not be read, in words an administrator can act on. */
export const unreadableWords = (row: UnreadableEntry): string =>
  `journal entry ${row.id === '' ? 'without a readable id' : row.id}: ${row.field === '' ? 'the row' : row.field} ${row.problem}`;

/**
 * An entry the caller needs whole (one by id, the tries under a foreign id, the row a write returned):
 * one that cannot be read is a failure naming it, never a guess at what it holds.
 */
export function unreadableFailure(rows: readonly UnreadableEntry[]): AppFailure {
  const named = rows.slice(0, 3).map(unreadableWords).join('; ');
  return new AppFailure({
    kind: 'internal',
    message: `The journal holds ${rows.length === 1 ? 'an entry' : 'entries'} this app cannot read (${named}). An administrator can look at ${rows.length === 1 ? 'it' : 'them'} in the database.`,
  });
}

/** Reads each row: the entries, and the rows set aside. */
export function readRows<E extends JournalEntry = JournalEntry>(rows: readonly Record<string, unknown>[], extend: (entry: JournalEntry, row: Record<string, unknown>) => E = (entry) => entry as E): { entries: E[]; unreadable: UnreadableEntry[] } {
  const entries: E[] = [];
  const unreadable: UnreadableEntry[] = [];
  for (const row of rows) {
    const read = readRow(row);
    if (read.ok) entries.push(extend(read.entry, row));
    else unreadable.push(read.unreadable);
  }
  return { entries, unreadable };
}

/** Every row read, or a failure naming those that could not be (unreadableFailure). */
export function readAll<E extends JournalEntry = JournalEntry>(rows: readonly Record<string, unknown>[], extend?: (entry: JournalEntry, row: Record<string, unknown>) => E): E[] {
  const { entries, unreadable } = readRows(rows, extend);
  if (unreadable.length > 0) throw unreadableFailure(unreadable);
  return entries;
}

/** One row read whole (readAll). */
export const toEntry = (row: Record<string, unknown>): JournalEntry => readAll([row])[0] as JournalEntry;

/** A list of txids as the column keeps it: a JSON list without repeats, or null when there is none. */
export function txidList(txids: readonly string[] | undefined): string | null {
  return txids === undefined ? null : JSON.stringify([...new Set(txids)]);
}

/** The service's id as text (it may arrive as a number), or null. */
export const serviceIdText = (outcome: Outcome): string | null =>
  outcome.serviceId === undefined || outcome.serviceId === null ? null : String(outcome.serviceId);

/** The call's duration in whole milliseconds, or null. */
export const wholeMs = (outcome: Outcome): number | null =>
  outcome.durationMs === undefined || outcome.durationMs === null ? null : Math.round(outcome.durationMs);

/** What a restart makes of an entry a crash left pending: unknown with a sent mark, failed without one. */
export function interruptedOutcome(sent: boolean): Outcome {
  const state = submissionOutcome({ sent, end: 'cut_off' });
  return { state, message: state === 'failed' ? STOPPED_UNSENT_MESSAGE : INTERRUPTED_MESSAGE };
}

/**
 * The refusal of a resolution: someone else recorded the outcome first (who, when there is a name),
 * its desktop may still settle it (pending, not silent long enough: shared/submission/silent-pending.ts),
 * or it was never unknown.
 */
export function notResolvable(entry: JournalEntry | null): string {
  if (entry?.resolvedBy) return `${entry.resolvedBy} on ${entry.resolvedOn ?? 'another computer'} already recorded it as ${entry.state} at ${entry.resolvedAt}.`;
  if (entry?.state === 'pending') {
    return (
      'Its desktop may still be waiting for the service’s answer: a submission can be resolved by hand once it was sent and no answer ' +
      `was recorded for ${SILENT_PENDING_AFTER_MS / 60_000} minutes.`
    );
  }
  return 'Only an entry whose outcome is unknown can be resolved.';
}

/** History's people, in one order on both engines (a database's collation would differ): by the locale's rules for names. */
export const sortedPeople = (names: readonly string[]): string[] => [...names].sort((a, b) => a.localeCompare(b));

// ---- This desktop's journal, in SQLite ----

/**
 * Who writes, as each journal reads it at each write (JournalOptions.author): the name and desktop
 * id as they stand in `who`, which its owner (platform/identity) changes in place when the name is
 * set, and the computer's name asked at that moment.
 */
export function authorOf(who: { readonly name: string | null; readonly desktopId: string }, computer: () => string): () => Author {
  return () => ({ name: who.name, computer: computer(), desktopId: who.desktopId });
}

/**
 * The record of every money-moving submission and every lookup, in this desktop's SQLite file. A
 * submission is written as `pending` before its request leaves, then marked sent just before its
 * bytes are handed to the network, so a crash at any moment leaves a trace that says which side of
 * that line it was on; `recoverInterrupted` settles those traces by the one rule
 * (shared/submission/outcome.ts). The calls are async, as the team journal's are (store.ts); each
 * write is done, synchronously, before its promise resolves.
 */

// The shapes of what is written live with the interface (store.ts); named here too for older imports.
export type { Admit, EarlierTry, Outcome, PendingInput } from './store.ts';

export type JournalOptions = {
  /** Who writes, read at each write: the display name may be set while the app runs. */
  author: () => Author;
  now?: () => Date;
};

/**
 * The columns of a list (every column but request and response) and of an entry by id (those two cut
 * at DETAIL_CHARS + 1 characters, above), as the file has them: a file a newer app upgraded
 * may have more, which the reader ignores.
 */
function entryColumns(db: DatabaseSync): { list: string; detail: string } {
  const names = (db.prepare('SELECT name FROM pragma_table_info(?)').all('entries') as Array<{ name: string }>).map(({ name }) => name);
  const big = new Set(['request', 'response']);
  const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const list = names.filter((name) => !big.has(name)).map(quoted).join(', ');
  return { list, detail: `${list}, ${[...big].map((name) => `substr(${name}, 1, ${DETAIL_CHARS + 1}) AS ${name}`).join(', ')}` };
}

export function createJournal(db: DatabaseSync, options: JournalOptions): JournalStore {
  const now = options.now ?? (() => new Date());
  const { author } = options;
  const schema = journalSchemaOf(db);
  const insert = db.prepare(
    `INSERT INTO entries (profile_id, profile_name, origin, operation, state, foreign_id, title, end_user_reference,
       currency, amount, request, txids, created_at, updated_at, made_by, made_on, desktop_id, entry_uid)
     VALUES (?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  // Only a pending entry: a person's resolution of a silent one (attention-sql.ts) is never overwritten.
  const settle = db.prepare(
    `UPDATE entries SET state = ?, service_id = ?, service_status = ?, response = ?, http_status = ?,
       duration_ms = ?, message = ?, txids = coalesce(?, txids), address = coalesce(?, address), updated_at = ? WHERE id = ? AND state = 'pending'`,
  );
  // A list reads neither request nor response; an entry by id reads them cut by SQLite itself (DETAIL_CHARS, above).
  const { list, detail } = entryColumns(db);
  const byId = db.prepare(`SELECT ${detail} FROM entries WHERE id = ?`);
  const markSentStatement = db.prepare("UPDATE entries SET sent_at = ?, updated_at = ? WHERE id = ? AND state = 'pending' AND sent_at IS NULL");
  const tries = db.prepare(`SELECT ${list} FROM entries WHERE profile_id = ? AND operation = ? AND foreign_id = ? ORDER BY id`);
  const resolveChecked = db.prepare(
    `UPDATE entries SET state = ?, message = ?, updated_at = ?, resolved_at = ?, resolved_by = ?, resolved_on = ? WHERE id = ? AND ${needsCheckSql('?')}`,
  );
  const toCheck = db.prepare(attentionSql(list, '?1', '?2'));
  /** `at`, less the threshold, as the file keeps times (ISO text, which compares in time order). */
  const silentBefore = (at: Date): string => new Date(at.getTime() - SILENT_PENDING_AFTER_MS).toISOString();
  /** The personal values each entry's request carried, until its answer is kept (tracking.ts): never on disk. */
  const keeper = createAnswerKeeper();

  /** A file a newer app upgraded is read, never written: nothing that needs the journal may be sent. */
  const writable = (): void => {
    if (schema.readOnly) throw new AppFailure({ kind: 'journal_unavailable', message: newerSchemaMessage(schema, 'The journal on this computer') });
  };

  function insertPending(input: PendingInput): number {
    const at = now().toISOString();
    const who = author();
    const result = insert.run(
      input.profileId,
      input.profileName,
      input.origin ?? null,
      input.operation,
      input.foreignId ?? null,
      input.title ?? null,
      input.endUserReference ?? null,
      input.currency ?? null,
      input.amount ?? null,
      JSON.stringify(redactRequest(input.request)),
      txidList(input.txids),
      at,
      at,
      who.name,
      who.computer,
      who.desktopId,
      input.entryUid ?? randomUUID(),
    );
    const id = Number(result.lastInsertRowid);
    keeper.remember(id, input.request);
    return id;
  }

  const getNow = (id: number): JournalEntry | null => {
    const row = byId.get(id) as Row | undefined;
    return row ? toEntry(row) : null;
  };
  /** Whether a try may be sent again depends on every earlier one: a row that cannot be read refuses it (readAll). */
  const triesNow = (profileId: string, operation: JournalOperation, foreignId: string): JournalEntry[] =>
    readAll(tries.all(profileId, operation, foreignId) as Row[]);

  function finishNow(id: number, outcome: Outcome): JournalEntry {
    settle.run(
      outcome.state,
      serviceIdText(outcome),
      outcome.serviceStatus ?? null,
      keeper.kept(id, outcome.response, outcome.parsed),
      outcome.httpStatus ?? null,
      wholeMs(outcome),
      outcome.message ?? null,
      txidList(outcome.txids),
      outcome.address ?? null,
      now().toISOString(),
      id,
    );
    return getNow(id) as JournalEntry;
  }

  /**
   * One write transaction, taken at once (IMMEDIATE: a second process on the file waits here rather
   * than failing half-way). Nothing is awaited inside it: it is one synchronous stretch, which no
   * other call on this connection can enter, and it is over before the caller's promise resolves.
   */
  const inTransaction = <T>(work: () => T): T => writeTransaction(db, work);

  /**
   * Writes a submission as pending. With `admit`, the earlier tries are read and the entry written
   * in one write transaction, so that two callers (or two processes on one file) cannot both pass.
   * Every entry of this file was made on this desktop (the file is its own), whatever desktop id a
   * row carries: an older row has none.
   */
  async function begin(input: PendingInput, admit?: Admit): Promise<number> {
    writable();
    if (!admit) return insertPending(input);
    return inTransaction(() => {
      const tries = input.foreignId ? triesNow(input.profileId, input.operation, input.foreignId) : [];
      admit(tries.map((entry) => ({ ...entry, madeHere: true })));
      return insertPending(input);
    });
  }

  /**
   * The sent mark, committed before the transport hands the request's bytes over (see the top). It
   * throws unless it marked exactly this pending entry, and then nothing may be sent.
   */
  async function markSent(id: number): Promise<void> {
    writable();
    const at = now().toISOString();
    const { changes } = markSentStatement.run(at, at, id);
    if (Number(changes) !== 1) throw new Error(`Journal entry ${id} is not a pending submission without a sent mark.`);
  }

  async function finish(id: number, outcome: Outcome): Promise<JournalEntry> {
    writable();
    return finishNow(id, outcome);
  }

  /**
   * A lookup is history, not a submission: it is written once, already settled, in one transaction,
   * so a crash never leaves it pending (which the next start would settle as a failed try).
   */
  async function record(input: PendingInput, outcome: Outcome): Promise<JournalEntry> {
    writable();
    return inTransaction(() => finishNow(insertPending(input), outcome));
  }

  /**
   * A person checked the back office and records what became of an unknown submission, or of a
   * silent pending one (attention-sql.ts). The service's answer, if any, stays as it was; the note
   * says why, and the entry who decided, where and when. Any other entry (settled meanwhile, or
   * pending but not silent long enough) is refused: nothing is written.
   */
  async function resolve(id: number, state: 'succeeded' | 'failed', note: string): Promise<JournalEntry> {
    writable();
    const time = now();
    const at = time.toISOString();
    const who = author();
    const { changes } = resolveChecked.run(state, `Resolved by hand: ${note}`, at, at, who.name, who.computer, id, silentBefore(time));
    const entry = getNow(id);
    if (Number(changes) !== 1 || !entry) throw new AppFailure({ kind: 'invalid_request', message: notResolvable(entry), fields: {} });
    return entry;
  }

  /**
   * On start: every entry still pending was cut off by a crash or a kill. With a sent mark it may
   * have arrived (unknown); without one it provably never left (failed). A read-only file is left
   * as it is: its newer app settles it.
   */
  async function recoverInterrupted(): Promise<JournalEntry[]> {
    if (schema.readOnly) return [];
    const rows = db.prepare("SELECT id, sent_at FROM entries WHERE state = 'pending' ORDER BY id").all() as { id: number; sent_at: string | null }[];
    return rows.map(({ id, sent_at }) => finishNow(id, interruptedOutcome(sent_at !== null)));
  }

  /** The search is built by search-sql.ts, which the team journal shares; sqlite-search.ts picks the way to a free text. */
  async function search(profileId: string, query: JournalSearch = {}): Promise<JournalPage> {
    const { sql, params } = sqliteSearch(db, profileId, query, list);
    return readRows(db.prepare(sql).all(...params) as Row[]);
  }

  async function people(profileId: string): Promise<string[]> {
    const rows = db.prepare('SELECT DISTINCT made_by FROM entries WHERE profile_id = ? AND made_by IS NOT NULL').all(profileId) as { made_by: string }[];
    return sortedPeople(rows.map((row) => row.made_by));
  }

  /** The latest entry for a foreign id, so a resubmission can say what happened before. */
  async function findByForeignId(profileId: string, operation: JournalOperation, foreignId: string): Promise<JournalEntry | null> {
    return triesNow(profileId, operation, foreignId).at(-1) ?? null;
  }

  /** What a person must check: unknown outcomes, and submissions sent and silent for too long. */
  async function attention(profileId: string): Promise<JournalPage> {
    return readRows(toCheck.all(profileId, silentBefore(now())) as Row[]);
  }

  /** The profile's newest entry's id (0 when none): its entries above it were written later, by this run for one. */
  async function lastId(profileId: string): Promise<number> {
    return Number((db.prepare('SELECT coalesce(max(id), 0) AS id FROM entries WHERE profile_id = ?').get(profileId) as { id: number }).id);
  }

  return {
    engine: 'sqlite',
    schema,
    begin,
    markSent,
    finish,
    record,
    get: async (id) => getNow(id),
    resolve,
    recoverInterrupted,
    attention,
    search,
    people,
    findByForeignId,
    /** Every try under a foreign id, oldest first: whether it may be sent again depends on all of them. */
    triesOf: async (profileId, operation, foreignId) => triesNow(profileId, operation, foreignId),
    lastId,
  };
}

/**
 * `work` in one write transaction, taken at once (IMMEDIATE: a second process on the file waits
 * rather than failing half-way), committed when it returns, rolled back when it throws. `work` is
 * synchronous: no other call on the connection can enter it.
 */
export function writeTransaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const done = work();
    db.exec('COMMIT');
    return done;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}
