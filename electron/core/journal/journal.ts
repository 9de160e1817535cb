import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type { JournalEntry, JournalOperation, JournalQuery, JournalState } from '../../../shared/ipc/journal.ts';
import { submissionOutcome } from '../../../shared/submission/outcome.ts';
import { createAnswerKeeper } from './answer-keeper.ts';
import { redactRequest } from './redact.ts';
import { searchSql } from './search-sql.ts';

/**
 * The record of every money-moving submission and every lookup. A submission is written as
 * `pending` before its request leaves, then marked sent just before its bytes are handed to the
 * network, so a crash at any moment leaves a trace that says which side of that line it was on;
 * `recoverInterrupted` settles those traces by the one rule (shared/submission/outcome.ts).
 */

export type PendingInput = {
  profileId: string;
  profileName: string;
  /** Where the call goes (scheme://host[:port]): the origin whose answer the entry keeps. */
  origin?: string | null;
  operation: JournalOperation;
  foreignId?: string | null;
  title?: string | null;
  endUserReference?: string | null;
  currency?: string | null;
  amount?: string | null;
  request: Record<string, unknown>;
  /** A lookup by hash: the txid it asks for, kept even when nothing is found (issue 14). */
  txids?: readonly string[];
};

export type Outcome = {
  state: Exclude<JournalState, 'pending'>;
  serviceId?: string | number | null;
  serviceStatus?: string | null;
  response?: string | null;
  httpStatus?: number | null;
  durationMs?: number | null;
  message?: string | null;
  /** A lookup: every txid it saw, with the one it asked for; replaces what the pending entry had. */
  txids?: readonly string[];
  /** An addresses.take: the deposit address the service gave. */
  address?: string | null;
};

type Row = Record<string, SQLInputValue>;

export const INTERRUPTED_MESSAGE =
  'The app stopped before the service answered. The request may or may not have reached the service: look it up by its foreign id before trying again.';
export const STOPPED_UNSENT_MESSAGE =
  'The app stopped before the request was sent: nothing reached the service. It can be sent again with the same foreign id.';

/** What decides whether a new try may begin: it throws to refuse, seeing the earlier tries under the foreign id. */
export type Admit = (earlierTries: JournalEntry[]) => void;

export function createJournal(db: DatabaseSync, now: () => Date = () => new Date()) {
  const insert = db.prepare(
    `INSERT INTO entries (profile_id, profile_name, origin, operation, state, foreign_id, title, end_user_reference,
       currency, amount, request, txids, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const settle = db.prepare(
    `UPDATE entries SET state = ?, service_id = ?, service_status = ?, response = ?, http_status = ?,
       duration_ms = ?, message = ?, txids = coalesce(?, txids), address = coalesce(?, address), updated_at = ? WHERE id = ?`,
  );
  const byId = db.prepare('SELECT * FROM entries WHERE id = ?');
  const markSentStatement = db.prepare("UPDATE entries SET sent_at = ?, updated_at = ? WHERE id = ? AND state = 'pending' AND sent_at IS NULL");
  const tries = db.prepare('SELECT * FROM entries WHERE profile_id = ? AND operation = ? AND foreign_id = ? ORDER BY id');
  const resolveUnknown = db.prepare("UPDATE entries SET state = ?, message = ?, updated_at = ? WHERE id = ? AND state = 'unknown'");
  /** The personal values each entry's request carried, until its answer is kept (answer-keeper.ts): never on disk. */
  const keeper = createAnswerKeeper();

  function insertPending(input: PendingInput): number {
    const at = now().toISOString();
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
    );
    const id = Number(result.lastInsertRowid);
    keeper.remember(id, input.request);
    return id;
  }

  /**
   * Writes a submission as pending. With `admit`, the earlier tries are read and the entry written
   * in one write transaction, so that two callers (or two processes on one file) cannot both pass.
   */
  function begin(input: PendingInput, admit?: Admit): number {
    if (!admit) return insertPending(input);
    db.exec('BEGIN IMMEDIATE');
    try {
      admit(input.foreignId ? triesOf(input.profileId, input.operation, input.foreignId) : []);
      const id = insertPending(input);
      db.exec('COMMIT');
      return id;
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }

  /**
   * The sent mark, committed before the transport hands the request's bytes over (see the top). It
   * throws unless it marked exactly this pending entry, and then nothing may be sent.
   */
  function markSent(id: number): void {
    const at = now().toISOString();
    const { changes } = markSentStatement.run(at, at, id);
    if (Number(changes) !== 1) throw new Error(`Journal entry ${id} is not a pending submission without a sent mark.`);
  }

  function finish(id: number, outcome: Outcome): JournalEntry {
    settle.run(
      outcome.state,
      serviceIdText(outcome),
      outcome.serviceStatus ?? null,
      keeper.kept(id, outcome.response),
      outcome.httpStatus ?? null,
      wholeMs(outcome),
      outcome.message ?? null,
      txidList(outcome.txids),
      outcome.address ?? null,
      now().toISOString(),
      id,
    );
    return get(id) as JournalEntry;
  }

  /** A lookup is history, not a submission: it is written once, already settled. */
  function record(input: PendingInput, outcome: Outcome): JournalEntry {
    return finish(begin(input), outcome);
  }

  function get(id: number): JournalEntry | null {
    const row = byId.get(id) as Row | undefined;
    return row ? toEntry(row) : null;
  }

  /**
   * A person checked the back office and records what became of an unknown submission. The
   * service's answer, if any, stays as it was; the note says who decided and why.
   */
  function resolve(id: number, state: 'succeeded' | 'failed', note: string): JournalEntry {
    resolveUnknown.run(state, `Resolved by hand: ${note}`, now().toISOString(), id);
    return get(id) as JournalEntry;
  }

  /**
   * On start: every entry still pending was cut off by a crash or a kill. With a sent mark it may
   * have arrived (unknown); without one it provably never left (failed).
   */
  function recoverInterrupted(): JournalEntry[] {
    const rows = db.prepare("SELECT id, sent_at FROM entries WHERE state = 'pending'").all() as { id: number; sent_at: string | null }[];
    return rows.map(({ id, sent_at }) => finish(id, interruptedOutcome(sent_at !== null)));
  }

  /** The search is built by search-sql.ts, which the team journal shares (issue 15). */
  function search(profileId: string, query: JournalQuery = {}): JournalEntry[] {
    const { where, params, page } = searchSql('sqlite', profileId, query);
    return (db.prepare(`SELECT * FROM entries WHERE ${where} ${page}`).all(...params) as Row[]).map(toEntry);
  }

  /** The latest entry for a foreign id, so a resubmission can say what happened before. */
  function findByForeignId(profileId: string, operation: JournalOperation, foreignId: string): JournalEntry | null {
    const row = db
      .prepare('SELECT * FROM entries WHERE profile_id = ? AND operation = ? AND foreign_id = ? ORDER BY id DESC LIMIT 1')
      .get(profileId, operation, foreignId) as Row | undefined;
    return row ? toEntry(row) : null;
  }

  /** Every try under a foreign id, oldest first: whether it may be sent again depends on all of them. */
  function triesOf(profileId: string, operation: JournalOperation, foreignId: string): JournalEntry[] {
    return (tries.all(profileId, operation, foreignId) as Row[]).map(toEntry);
  }

  /** The newest entry's id (0 when empty): entries above it were written later, by this run for one. */
  function lastId(): number {
    return Number((db.prepare('SELECT coalesce(max(id), 0) AS id FROM entries').get() as { id: number }).id);
  }

  return { begin, markSent, finish, record, get, resolve, recoverInterrupted, search, findByForeignId, triesOf, lastId };
}

export type Journal = ReturnType<typeof createJournal>;

export function toEntry(row: Row): JournalEntry {
  const text = (key: string) => (row[key] === null || row[key] === undefined ? null : String(row[key]));
  const int = (key: string) => (row[key] === null || row[key] === undefined ? null : Number(row[key]));
  return {
    id: Number(row.id),
    profileId: String(row.profile_id),
    profileName: String(row.profile_name),
    origin: text('origin'),
    operation: row.operation as JournalOperation,
    state: row.state as JournalState,
    foreignId: text('foreign_id'),
    serviceId: text('service_id'),
    serviceStatus: text('service_status'),
    title: text('title'),
    endUserReference: text('end_user_reference'),
    currency: text('currency'),
    amount: text('amount'),
    request: JSON.parse(String(row.request)) as Record<string, unknown>,
    txids: row.txids === null || row.txids === undefined ? [] : (JSON.parse(String(row.txids)) as string[]),
    address: text('address'),
    response: text('response'),
    httpStatus: int('http_status'),
    sentAt: text('sent_at'),
    durationMs: int('duration_ms'),
    message: text('message'),
    createdAt: String(row.created_at),
    updatedAt: String(row.updated_at),
    // Schema version 6 (issue 15); absent from a database of an older version, so read as null.
    madeBy: text('made_by'),
    madeOn: text('made_on'),
    resolvedBy: text('resolved_by'),
    resolvedOn: text('resolved_on'),
    resolvedAt: text('resolved_at'),
  };
}

/*
 * How an outcome's values are kept, the same in both engines (the team journal, postgres/, uses these).
 */

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
