import type { JournalEntry } from '../../../shared/ipc/journal.ts';

/**
 * History as CSV (RFC 4180). Amounts stay exact decimal text; times are UTC ISO 8601 with seconds.
 * The columns are documented in the README; change both together.
 */
export const CSV_COLUMNS = [
  ['id', (e: JournalEntry) => e.id],
  ['created_at_utc', (e: JournalEntry) => e.createdAt],
  ['updated_at_utc', (e: JournalEntry) => e.updatedAt],
  ['profile', (e: JournalEntry) => e.profileName],
  ['origin', (e: JournalEntry) => e.origin],
  ['operation', (e: JournalEntry) => e.operation],
  ['state', (e: JournalEntry) => e.state],
  ['foreign_id', (e: JournalEntry) => e.foreignId],
  ['service_id', (e: JournalEntry) => e.serviceId],
  ['service_status', (e: JournalEntry) => e.serviceStatus],
  ['title', (e: JournalEntry) => e.title],
  ['end_user_reference', (e: JournalEntry) => e.endUserReference],
  ['currency', (e: JournalEntry) => e.currency],
  ['amount', (e: JournalEntry) => e.amount],
  ['http_status', (e: JournalEntry) => e.httpStatus],
  ['duration_ms', (e: JournalEntry) => e.durationMs],
  ['message', (e: JournalEntry) => e.message],
  // The deposit address and the txids a lookup saw, after the earlier columns so that a sheet reading those by place still works.
  ['address', (e: JournalEntry) => e.address],
  ['txids', (e: JournalEntry) => (e.txids.length === 0 ? null : e.txids.join(' '))],
  // Who made the entry and who recorded an unknown outcome's end, on which computer. Empty
  // for entries written before the console recorded them. A display name is typed by a person, so
  // it goes through the same formula guard as every other cell.
  // The logins beside the names: the name is what a desktop claims, the login what a team journal's
  // database recorded; a reader compares the two side by side. Empty on a desktop's own journal.
  ['made_by', (e: JournalEntry) => e.madeBy],
  ['made_login', (e: JournalEntry) => e.madeLogin],
  ['made_on', (e: JournalEntry) => e.madeOn],
  ['resolved_by', (e: JournalEntry) => e.resolvedBy],
  ['resolved_login', (e: JournalEntry) => e.resolvedLogin],
  ['resolved_on', (e: JournalEntry) => e.resolvedOn],
  ['resolved_at', (e: JournalEntry) => e.resolvedAt],
] as const;

function cell(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  // Quote when needed; a leading = + - @ is prefixed so spreadsheets do not run it as a formula.
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) || safe !== text ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function journalToCsv(entries: readonly JournalEntry[]): string {
  const header = CSV_COLUMNS.map(([name]) => name).join(',');
  const rows = entries.map((entry) => CSV_COLUMNS.map(([, pick]) => cell(pick(entry))).join(','));
  return `${[header, ...rows].join('\r\n')}\r\n`;
}
