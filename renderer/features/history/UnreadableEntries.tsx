import type { IntlShape } from 'react-intl';
import { useIntl } from 'react-intl';
import { wordRule } from '../../../shared/i18n/index.ts';
import type { UnreadableEntry } from '../../../shared/ipc/journal.ts';

/** Enough to find them; the rest are counted, so that a journal full of bad rows cannot flood the screen. */
const NAMED = 5;

/** Between two named rows: a list's punctuation, the same in the shipped languages. */
const BETWEEN = '; ';

/** "entry 12: request is not JSON (an object)"; the column is the database's name, its problem main's rule, worded here. */
function named(intl: IntlShape, row: UnreadableEntry): string {
  const field = row.field === '' ? intl.formatMessage({ id: 'history.unreadable.row' }) : row.field;
  const problem = wordRule(intl, row.problem);
  return row.id === ''
    ? intl.formatMessage({ id: 'history.unreadable.noId' }, { field, problem })
    : intl.formatMessage({ id: 'history.unreadable.entry' }, { id: row.id, field, problem });
}

/** What was not done with the rows set aside: not listed (History, the banner), or not written (an export). */
export type UnreadableWhat = 'listed' | 'written';

/** "2 journal entries could not be read and are not listed: entry 12 (…), entry 13 (…)." */
export function unreadableSentence(intl: IntlShape, unreadable: readonly UnreadableEntry[], what: UnreadableWhat = 'listed'): string {
  const more = Math.max(0, unreadable.length - NAMED);
  const names = unreadable.slice(0, NAMED).map((row) => named(intl, row)).join(BETWEEN);
  return intl.formatMessage({ id: 'history.unreadable.sentence' }, { count: unreadable.length, what, names, more });
}

/**
 * The rows of a journal read that were set aside (a team journal's rows are written by others, and
 * one may hold what this app cannot read): the good entries still show, and these are named by id,
 * so that an administrator can look at them in the database.
 */
export function UnreadableEntries({ unreadable, notDone }: { unreadable: readonly UnreadableEntry[]; notDone?: UnreadableWhat }) {
  const intl = useIntl();
  if (unreadable.length === 0) return null;
  return (
    <p className="notice journal-unreadable" role="status" data-testid="journal-unreadable">
      {intl.formatMessage({ id: 'history.unreadable.notice' }, { sentence: unreadableSentence(intl, unreadable, notDone), count: unreadable.length })}
    </p>
  );
}
