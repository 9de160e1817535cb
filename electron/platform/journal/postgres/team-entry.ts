import type { JournalEntry } from '../../../../shared/ipc/journal.ts';
import { DETAIL_CHARS, readAll } from '../entry-row.ts';
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
 * 8601 UTC with milliseconds, so one reader (readRow) serves both engines. Every function is named
 * with its schema and its arguments typed: a member's login may create a look-alike in a schema on
 * the search path.
 */
const columnsOf = (cut: (name: string) => string | null): string =>
  (tablesAt(JOURNAL_MIGRATIONS, LATEST_JOURNAL_VERSION).get('entries')?.columns ?? [])
    .flatMap((column) => {
      if (column.type === 'timestamp') {
        return [`pg_catalog.to_char(${column.name} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'::pg_catalog.text) AS ${column.name}`];
      }
      if (column.name === 'request' || column.name === 'response') return cut(column.name) ?? [];
      return [column.name];
    })
    .join(', ');

/**
 * An entry by id (and the row a write returns): request and response cut by the database at
 * DETAIL_CHARS + 1 characters (entry-row.ts), so a row of megabytes never crosses the network whole.
 */
export const ENTRY_COLUMNS = columnsOf((name) => `pg_catalog.left(${name}, ${DETAIL_CHARS + 1}::pg_catalog.int4) AS ${name}`);

/** A list's entries (search, attention, the tries under a foreign id): neither request nor response (detail 'none'). */
export const LIST_COLUMNS = columnsOf(() => null);

const textOf = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

/** The reader's entry with its uid (readRows, readAll). */
export const withUid = (entry: JournalEntry, row: Record<string, unknown>): TeamJournalEntry => ({ ...entry, uid: textOf(row.entry_uid) });

/** One row read whole, or a failure naming it (entry-row.ts, readAll). */
export const teamEntryOf = (row: Record<string, unknown>): TeamJournalEntry => readAll([row], withUid)[0] as TeamJournalEntry;
