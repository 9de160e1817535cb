import type { JournalEntry } from '../../../../shared/ipc/journal.ts';
import { toEntry } from '../entry-row.ts';
import { JOURNAL_MIGRATIONS, LATEST_JOURNAL_VERSION } from '../schema/journal-schema.ts';
import { tablesAt } from '../schema/schema-model.ts';

/** An entry of the team journal: the journal's entry (who made it and who resolved it included), and its uid. */

export type TeamJournalEntry = JournalEntry & {
  /** The entry's id in every database it is copied to (an upload of local history skips it when present). */
  uid: string | null;
};

/**
 * The columns this app knows, read by name: a newer app only adds columns (schema-model.ts), so an
 * older desktop can still read its database. Times come back as the SQLite journal keeps them, ISO
 * 8601 UTC with milliseconds, so one reader (toEntry) serves both engines.
 */
export const ENTRY_COLUMNS = (tablesAt(JOURNAL_MIGRATIONS, LATEST_JOURNAL_VERSION).get('entries')?.columns ?? [])
  .map((column) => (column.type === 'timestamp' ? `to_char(${column.name} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${column.name}` : column.name))
  .join(', ');

const textOf = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

export function teamEntryOf(row: Record<string, string | number | null>): TeamJournalEntry {
  return {
    ...toEntry(row),
    uid: textOf(row.entry_uid),
  };
}
