import type { IntlShape } from 'react-intl';
import type { JournalEntry } from '../../../shared/ipc/journal.ts';

/**
 * Who did what, in the words History, the detail and the attention banner share: every
 * entry names the person (their display name, set once) and the computer. Entries written before
 * the person set a name say so ("name not set"), with the login where the database recorded one;
 * entries written before the console recorded anyone show a dash. Never a guess.
 */

/** What stands for an entry that recorded nobody at all. */
const NOTHING_RECORDED = '—';

/**
 * "Ana Ruiz on FINANCE-01", "name not set, on FINANCE-01" (made before the name was set), or "—"
 * (nothing recorded). On a team journal, the database login beside the name: "Ana Ruiz (login ana)
 * on ana-laptop", or the login alone before a name was set: "login ana on ana-laptop". The name is
 * only what a desktop claims; the login is what the database itself recorded, so both are shown.
 */
export function personOn(intl: IntlShape, name: string | null, computer: string | null, login: string | null): string {
  if (name === null && login === null) return computer === null ? NOTHING_RECORDED : intl.formatMessage({ id: 'history.person.nameNotSetOn' }, { computer });
  const person =
    name === null
      ? intl.formatMessage({ id: 'history.person.login' }, { login })
      : login === null
        ? name
        : intl.formatMessage({ id: 'history.person.nameLogin' }, { name, login });
  return computer === null ? person : intl.formatMessage({ id: 'history.person.on' }, { person, computer });
}

export const madeByWords = (intl: IntlShape, entry: JournalEntry): string => personOn(intl, entry.madeBy, entry.madeOn, entry.madeLogin);

/** Why an entry names nobody, for the detail: a person reading it must not think a name was lost. */
export function unnamedReason(intl: IntlShape, entry: JournalEntry): string | null {
  if (entry.madeBy !== null) return null;
  return intl.formatMessage({ id: entry.madeOn === null ? 'history.person.notRecorded' : 'history.person.noName' });
}

/** Whether a person recorded by hand what became of the entry, and so who, where and when. */
export const isResolvedByHand = (entry: JournalEntry): entry is JournalEntry & { resolvedAt: string } => entry.resolvedAt !== null;

/**
 * The names History's person filter offers: the journal's, and the one chosen even if the journal
 * no longer lists it (another profile's, a list not loaded yet), so that the list can show it.
 */
export function personChoices(people: readonly string[], chosen: string): string[] {
  const names = new Set(people);
  if (chosen !== '') names.add(chosen);
  return [...names].sort((a, b) => a.localeCompare(b));
}
