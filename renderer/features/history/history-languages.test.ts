import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../../shared/i18n/index.ts';
import { journalEntryOf } from '../../../shared/ipc/testing/journal-entry.ts';
import { readableText, staticMarkup } from '../../testing/static-markup.ts';
import { AttentionNotice } from './AttentionBanner.tsx';
import { EntryFacts } from './EntryFacts.tsx';

// History's key sentence, the banner's call to check an unknown outcome, in the window's language:
// the names and who made them inside the sentence, the counts as the language counts them.

const lost = journalEntryOf({ id: 7, state: 'unknown', operation: 'invoices.create', foreignId: 'inv-1', madeBy: 'Ana Ruiz', madeOn: 'FINANCE-01' });
/** The text as a person reads it along the line: the tags gone, nothing added between them. */
const plain = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');
const banner = (language: Language, entries = [lost]) => plain(staticMarkup(createElement(AttentionNotice, { entries, error: null, now: 0 }), undefined, language));

describe('History in the window’s language', () => {
  it('keeps the English banner word for word', () => {
    expect(banner('en')).toBe(
      'One operation needs a check: the outcome is unknown for inv-1 (made by Ana Ruiz on FINANCE-01). The service may have acted on it.Check in History',
    );
  });

  it('says in German that an outcome is unknown and whom to ask, formally', () => {
    expect(banner('de')).toContain(
      'Ein Vorgang muss geprüft werden: Das Ergebnis ist unbekannt für inv-1 (erstellt von Ana Ruiz auf FINANCE-01). Der Dienst hat ihn möglicherweise ausgeführt.',
    );
    const two = banner('de', [lost, { ...lost, id: 8, foreignId: 'inv-2' }]);
    expect(two).toContain('2 Vorgänge müssen geprüft werden:');
    expect(two).toContain('Der Dienst hat sie möglicherweise ausgeführt.');
    expect(two).toContain('Im Verlauf prüfen');
  });

  it('says it in French, the plural agreeing', () => {
    expect(banner('fr')).toContain(
      'Une opération doit être vérifiée : l’issue est inconnue pour inv-1 (créé par Ana Ruiz sur FINANCE-01). Le service l’a peut-être traitée.',
    );
    expect(banner('fr', [lost, { ...lost, id: 8, foreignId: 'inv-2' }])).toContain('2 opérations doivent être vérifiées :');
  });

  it('names the journal state and its meaning in the entry’s detail in German and French', () => {
    const facts = (language: Language) => readableText(staticMarkup(createElement(EntryFacts, { entry: lost }), undefined, language));
    expect(facts('de')).toContain('Ergebnis unbekannt');
    expect(facts('de')).toContain('Eine Person muss prüfen, was geschehen ist.');
    expect(facts('fr')).toContain('Issue inconnue');
    expect(facts('fr')).toContain('Une personne doit vérifier ce qui s’est passé.');
  });
});
