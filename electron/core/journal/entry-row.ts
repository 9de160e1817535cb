import type { SQLInputValue } from 'node:sqlite';
import type { JournalEntry, JournalOperation, JournalState } from '../../../shared/ipc/journal.ts';
import { submissionOutcome } from '../../../shared/submission/outcome.ts';
import { SILENT_PENDING_AFTER_MS } from '../../../shared/submission/silent-pending.ts';
import type { Outcome } from './store.ts';

/**
 * An entry as both engines keep it (issue 15): one reader of a row, and the values an outcome is
 * written as, so that the SQLite journal (journal.ts) and the team journal (postgres/) cannot differ.
 */

export type Row = Record<string, SQLInputValue>;

export const INTERRUPTED_MESSAGE =
  'The app stopped before the service answered. The request may or may not have reached the service: look it up by its foreign id before trying again.';
export const STOPPED_UNSENT_MESSAGE =
  'The app stopped before the request was sent: nothing reached the service. It can be sent again with the same foreign id.';

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
    // Team journal only (schema version 7): stamped by the database's triggers.
    madeLogin: text('made_login'),
    resolvedLogin: text('resolved_login'),
  };
}

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
