import { randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { worded } from '../../../shared/ipc/errors.ts';
import type { JournalEntry, JournalOperation, JournalPage } from '../../../shared/ipc/journal.ts';
import { SILENT_PENDING_AFTER_MS } from '../../../shared/submission/silent-pending.ts';
import { attentionSql, needsCheckSql } from './attention-sql.ts';
import { journalSchemaOf } from './database.ts';
import { DETAIL_CHARS, interruptedOutcome, messageWordingText, notResolvable, resolvedByHand, readAll, readRows, serviceIdText, sortedPeople, toEntry, txidList, wholeMs } from './entry-row.ts';
import type { Row } from './entry-row.ts';
import { newerSchemaWording } from './schema/schema-model.ts';
import type { JournalSearch } from './search-sql.ts';
import { sqliteSearch } from './sqlite-search.ts';
import type { Admit, Author, JournalStore, Outcome, PendingInput } from './store.ts';
import { createAnswerKeeper, redactRequest } from './tracking.ts';

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
 * at DETAIL_CHARS + 1 characters, entry-row.ts), as the file has them: a file a newer app upgraded
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
       duration_ms = ?, message = ?, message_wording = ?, txids = coalesce(?, txids), address = coalesce(?, address), updated_at = ? WHERE id = ? AND state = 'pending'`,
  );
  // A list reads neither request nor response; an entry by id reads them cut by SQLite itself (DETAIL_CHARS, entry-row.ts).
  const { list, detail } = entryColumns(db);
  const byId = db.prepare(`SELECT ${detail} FROM entries WHERE id = ?`);
  const markSentStatement = db.prepare("UPDATE entries SET sent_at = ?, updated_at = ? WHERE id = ? AND state = 'pending' AND sent_at IS NULL");
  const tries = db.prepare(`SELECT ${list} FROM entries WHERE profile_id = ? AND operation = ? AND foreign_id = ? ORDER BY id`);
  const resolveChecked = db.prepare(
    `UPDATE entries SET state = ?, message = ?, message_wording = ?, updated_at = ?, resolved_at = ?, resolved_by = ?, resolved_on = ? WHERE id = ? AND ${needsCheckSql('?')}`,
  );
  const toCheck = db.prepare(attentionSql(list, '?1', '?2'));
  /** `at`, less the threshold, as the file keeps times (ISO text, which compares in time order). */
  const silentBefore = (at: Date): string => new Date(at.getTime() - SILENT_PENDING_AFTER_MS).toISOString();
  /** The personal values each entry's request carried, until its answer is kept (tracking.ts): never on disk. */
  const keeper = createAnswerKeeper();

  /** A file a newer app upgraded is read, never written: nothing that needs the journal may be sent. */
  const writable = (): void => {
    if (schema.readOnly) throw worded({ kind: 'journal_unavailable' }, newerSchemaWording(schema, { id: 'main.platform.teamJournal.newer.local' }));
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
      messageWordingText(outcome),
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
    const resolution = resolvedByHand(note);
    const { changes } = resolveChecked.run(state, resolution.message, resolution.wording, at, at, who.name, who.computer, id, silentBefore(time));
    const entry = getNow(id);
    if (Number(changes) !== 1 || !entry) throw notResolvable(entry);
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
