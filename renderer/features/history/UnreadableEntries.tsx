import type { UnreadableEntry } from '../../../shared/ipc/journal.ts';

/** Enough to find them; the rest are counted, so that a journal full of bad rows cannot flood the screen. */
const NAMED = 5;

/** "entry 12: request is not JSON (an object)". */
const named = (row: UnreadableEntry): string =>
  `${row.id === '' ? 'an entry without a readable id' : `entry ${row.id}`}: ${row.field === '' ? 'the row' : row.field} ${row.problem}`;

/** "2 journal entries could not be read and are not listed: entry 12 (…), entry 13 (…)." */
export function unreadableSentence(unreadable: readonly UnreadableEntry[], what = 'listed'): string {
  const count = unreadable.length === 1 ? 'One journal entry could not be read and is' : `${unreadable.length} journal entries could not be read and are`;
  const more = unreadable.length - NAMED;
  return `${count} not ${what}: ${unreadable.slice(0, NAMED).map(named).join('; ')}${more > 0 ? `; and ${more} more` : ''}.`;
}

/**
 * The rows of a journal read that were set aside (a team journal's rows are written by others, and
 * one may hold what this app cannot read): the good entries still show, and these are named by id,
 * so that an administrator can look at them in the database.
 */
export function UnreadableEntries({ unreadable, what }: { unreadable: readonly UnreadableEntry[]; what?: string }) {
  if (unreadable.length === 0) return null;
  return (
    <p className="notice journal-unreadable" role="status" data-testid="journal-unreadable">
      {unreadableSentence(unreadable, what)} An administrator can look at {unreadable.length === 1 ? 'it' : 'them'} in the journal&apos;s database.
    </p>
  );
}
