import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../../shared/i18n/index.ts';
import type { JournalEntry } from '../../../shared/ipc/journal.ts';
import { journalEntryOf } from '../../../shared/ipc/testing/journal-entry.ts';
import { readableText, staticMarkup } from '../../testing/static-markup.ts';
import { EntryDialog } from './EntryDialog.tsx';

// The message the journal recorded for an entry, in the entry's detail: main's own failures and the
// restart's messages in the window's language, from the words kept beside the English; an older
// entry's, the service's own words, and words that cannot be read, as recorded.

const RESTART_EN = 'The app stopped before the request was sent: nothing reached the service. It can be sent again with the same foreign id.';
const failed = journalEntryOf({ id: 9, operation: 'invoices.create', state: 'failed', foreignId: 'inv-9', message: RESTART_EN, messageWording: { id: 'main.platform.journal.recovered.unsent' } });

const messageOf = (entry: JournalEntry, language: Language): string => {
  const html = staticMarkup(createElement(EntryDialog, { entry, outcomes: { byEntry: new Map(), source: null }, onClose: () => undefined, onChange: () => undefined }), undefined, language);
  return readableText(/<p[^>]*data-testid="detail-message"[^>]*>(.*?)<\/p>/s.exec(html)?.[1] ?? '');
};

describe("an entry's recorded message in the window's language", () => {
  it('keeps the English word for word', () => {
    expect(messageOf(failed, 'en')).toBe(RESTART_EN);
  });

  it('says a failure recorded on a desktop in German in a German window, and in French in a French one', () => {
    expect(messageOf(failed, 'de')).toBe('Die App wurde beendet, bevor die Anfrage gesendet wurde: Nichts hat den Dienst erreicht. Sie kann mit derselben Fremd-ID erneut gesendet werden.');
    expect(messageOf(failed, 'fr')).toBe('L’application s’est arrêtée avant l’envoi de la requête : rien n’a atteint le service. Elle peut être renvoyée avec le même identifiant externe.');
    const waiting = journalEntryOf({ ...failed, message: 'x', messageWording: { id: 'main.platform.journal.stillWaiting', values: { minutes: 10 } } });
    expect(messageOf(waiting, 'de')).toContain('10 Minuten');
  });

  it('shows an older entry, without words, and the service’s own words as recorded', () => {
    expect(messageOf({ ...failed, messageWording: undefined }, 'de')).toBe(RESTART_EN);
    expect(messageOf({ ...failed, message: 'amount: must be at least 1', messageWording: null }, 'fr')).toBe('amount: must be at least 1');
  });

  it('shows the English as recorded for words it cannot say, never a throw', () => {
    const hostile: unknown[] = [
      { id: 'main.no.such.message' },
      { id: 'main.platform.journal.stillWaiting' },
      { id: 'main.platform.journal.stillWaiting', values: { minutes: 'ten' } },
      { id: 'main.platform.journal.resolvedByHand', values: { note: { id: 'constructor' } } },
      'main.platform.journal.someone',
    ];
    for (const messageWording of hostile) {
      expect(messageOf({ ...failed, messageWording } as JournalEntry, 'de'), JSON.stringify(messageWording)).toBe(RESTART_EN);
    }
  });
});
