import type { IntlShape } from 'react-intl';
import { readWording } from '../../../shared/i18n/wording-data.ts';
import { sayWording } from '../../../shared/i18n/words.ts';
import type { JournalEntry } from '../../../shared/ipc/journal.ts';

/**
 * An entry's message as the detail shows it: its words (a catalogue id and its values, kept by the
 * journal beside the message) in the window's language, or the message as recorded when there are
 * none, or none this app can word (an older entry, the service's own words, a row another desktop
 * wrote that does not read: shared/i18n/wording-data.ts). Never a throw: the English is always there.
 */
export function entryMessage(intl: IntlShape, entry: Pick<JournalEntry, 'message' | 'messageWording'>): string | null {
  if (entry.message === null) return null;
  const wording = readWording(entry.messageWording);
  if (wording === null) return entry.message;
  try {
    return sayWording((id, values) => intl.formatMessage({ id }, values), wording);
  } catch {
    return entry.message;
  }
}
