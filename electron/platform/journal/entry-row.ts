import type { SQLInputValue } from 'node:sqlite';
import { z } from 'zod';
import { readRuleMessage, ruleMessage } from '../../../shared/i18n/rule-message.ts';
import { wordingOfText, wordingText } from '../../../shared/i18n/wording-data.ts';
import { inEnglish, wordingOfRule } from '../../../shared/i18n/words.ts';
import type { Wording } from '../../../shared/i18n/words.ts';
import { worded } from '../../../shared/ipc/errors.ts';
import type { AppFailure } from '../../../shared/ipc/errors.ts';
import { JOURNAL_OPERATIONS, JOURNAL_STATES } from '../../../shared/ipc/journal.ts';
import type { JournalEntry, UnreadableEntry } from '../../../shared/ipc/journal.ts';
import { submissionOutcome } from '../../../shared/submission/outcome.ts';
import { SILENT_PENDING_AFTER_MS } from '../../../shared/submission/silent-pending.ts';
import type { Outcome } from './store.ts';
import { KEPT_ANSWER_CHARS } from './tracking.ts';

/**
 * An entry as both engines keep it: one reader of a row, and the values an outcome is
 * written as, so that the SQLite journal (journal.ts) and the team journal (postgres/) cannot differ.
 */

export type Row = Record<string, SQLInputValue>;

/** What a restart records of a try a crash cut off (interruptedOutcome): its words as data, and the English a journal keeps beside them. */
export const INTERRUPTED_WORDING: Wording = { id: 'main.platform.journal.recovered.interrupted' };
export const STOPPED_UNSENT_WORDING: Wording = { id: 'main.platform.journal.recovered.unsent' };
export const INTERRUPTED_MESSAGE = inEnglish(INTERRUPTED_WORDING);
export const STOPPED_UNSENT_MESSAGE = inEnglish(STOPPED_UNSENT_WORDING);

/** A person's resolution of an entry, as both engines record it: the note in the message's words. */
export const resolvedByHand = (note: string): { message: string; wording: string } => {
  const wording: Wording = { id: 'main.platform.journal.resolvedByHand', values: { note } };
  return { message: inEnglish(wording), wording: wordingText(wording) };
};

/** The column a settled outcome's words are kept in: their JSON, or null. */
export const messageWordingText = (outcome: Outcome): string | null => (outcome.messageWording ? wordingText(outcome.messageWording) : null);

/**
 * The words kept beside an entry's message, as History words them: only a wording this app can word
 * (wordingOfText: size, shape, catalogue id, the values its message needs) that still says, in
 * English, exactly the message recorded beside it. So a row another desktop or login wrote can never
 * show a German or French sentence other than its English one, and anything else (an old row, a
 * message changed without its wording, a hostile value) shows the message as recorded.
 */
export function messageWordingOf(column: unknown, message: string | null): Wording | null {
  if (message === null) return null;
  const wording = wordingOfText(column);
  if (wording === null) return null;
  try {
    return inEnglish(wording) === message ? wording : null;
  } catch {
    return null;
  }
}

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

/*
 * What is wrong with a column is said through the catalogue (rules.journal.row.*, encoded as a rule's
 * message: shared/i18n/rule-message.ts), so that History words it in the window's language and main's
 * failure names it in the same (unreadableFailure); never zod's own English.
 */
const NOT_WHOLE = ruleMessage('rules.journal.row.notWhole');

const text = z.string().nullish().transform((value) => value ?? null);
/** A whole number as either engine answers it: a number (SQLite, int4) or its digits (bigint). */
const whole = z
  .union([z.number(), z.string().regex(/^-?\d{1,15}$/, NOT_WHOLE), z.bigint()], { message: NOT_WHOLE })
  .transform((value) => Number(value))
  .pipe(z.number().int(NOT_WHOLE));
/** A JSON text holding `shape`: an object, or a list of texts. */
const jsonOf = <S extends z.ZodType>(shape: S, what: 'object' | 'list') =>
  z
    .string()
    .transform((json, context) => {
      try {
        return JSON.parse(json) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: ruleMessage('rules.journal.row.notJson', { what }) });
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
  request: jsonOf(z.record(z.string(), z.unknown()), 'object').optional(),
  txids: jsonOf(z.array(z.string()), 'list').nullish(),
  address: text,
  response: text,
  http_status: whole.nullish(),
  sent_at: text,
  duration_ms: whole.nullish(),
  message: text,
  // Schema version 11; read apart (messageWordingOf): a wording that cannot be read leaves the message, never the entry.
  message_wording: z.unknown().optional(),
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

/** The column's value an issue is about (its first step), to tell a missing one from one of another kind. */
const valueAt = (row: Record<string, unknown>, path: readonly PropertyKey[]): unknown => (typeof path[0] === 'string' ? row[path[0]] : undefined);

/** What is wrong with the column, as a rule's message (a catalogue id and its values): zod's own words stay out. */
function problemOf(issue: z.core.$ZodIssue | undefined, row: Record<string, unknown>): string {
  if (issue === undefined) return ruleMessage('rules.journal.row.unreadable');
  if (readRuleMessage(issue.message) !== null) return issue.message;
  switch (issue.code) {
    case 'invalid_value':
      return ruleMessage('rules.journal.row.unknownValue');
    case 'invalid_type': {
      const value = issue.path.length === 1 ? valueAt(row, issue.path) : '';
      if (value === null || value === undefined) return ruleMessage('rules.journal.row.missing');
      // zod's record is an object to whoever reads the column.
      return ruleMessage('rules.journal.row.notOfType', { expected: issue.expected === 'record' ? 'object' : String(issue.expected).slice(0, 40) });
    }
    case 'too_small':
      return ruleMessage('rules.journal.row.below', { minimum: String(issue.minimum) });
    default:
      return ruleMessage('rules.journal.row.unreadable');
  }
}

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
    return { ok: false, unreadable: { id: idText(row.id), field: field.slice(0, 100), problem: problemOf(issue, row) } };
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
      messageWording: messageWordingOf(r.message_wording, r.message),
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

/** A journal entry that could not be read, in words an administrator can act on: its id, its column and what is wrong with it. */
export function unreadableWording(row: UnreadableEntry): Wording {
  const problem = wordingOfRule(row.problem);
  const field: Wording | string = row.field === '' ? { id: 'main.platform.journal.unreadableRow' } : row.field;
  return row.id === ''
    ? { id: 'main.platform.journal.unreadableNoId', values: { field, problem } }
    : { id: 'main.platform.journal.unreadableEntry', values: { id: row.id, field, problem } };
}

/** The most unreadable rows a failure names. */
const NAMED_ROWS = 3;

/**
 * An entry the caller needs whole (one by id, the tries under a foreign id, the row a write returned):
 * one that cannot be read is a failure naming it, never a guess at what it holds.
 */
export function unreadableFailure(rows: readonly UnreadableEntry[]): AppFailure {
  const [first, second, third] = rows.slice(0, NAMED_ROWS).map(unreadableWording);
  const named: Wording = { id: 'main.platform.journal.unreadableList', values: { count: Math.min(rows.length, NAMED_ROWS), first: first ?? '', second: second ?? '', third: third ?? '' } };
  return worded({ kind: 'internal' }, { id: 'main.platform.journal.unreadable', values: { count: rows.length, named } });
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
  const wording = state === 'failed' ? STOPPED_UNSENT_WORDING : INTERRUPTED_WORDING;
  return { state, message: inEnglish(wording), messageWording: wording };
}

/**
 * The refusal of a resolution: someone else recorded the outcome first (who, when there is a name),
 * its desktop may still settle it (pending, not silent long enough: shared/submission/silent-pending.ts),
 * or it was never unknown. An invalid_request the router says in the window's language.
 */
export function notResolvable(entry: JournalEntry | null): AppFailure {
  return worded({ kind: 'invalid_request', fields: {} }, notResolvableWording(entry));
}

function notResolvableWording(entry: JournalEntry | null): Wording {
  if (entry?.resolvedBy) {
    const computer: Wording | string = entry.resolvedOn ?? { id: 'main.platform.journal.anotherComputer' };
    return { id: 'main.platform.journal.resolvedBy', values: { who: entry.resolvedBy, computer, state: entry.state, at: entry.resolvedAt ?? '' } };
  }
  if (entry?.state === 'pending') return { id: 'main.platform.journal.stillWaiting', values: { minutes: SILENT_PENDING_AFTER_MS / 60_000 } };
  return { id: 'main.platform.journal.onlyUnknown' };
}

/** History's people, in one order on both engines (a database's collation would differ): by the locale's rules for names. */
export const sortedPeople = (names: readonly string[]): string[] => [...names].sort((a, b) => a.localeCompare(b));
