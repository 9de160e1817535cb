import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../../../shared/i18n/index.ts';
import { readableText, staticMarkup } from '../../../testing/static-markup.ts';
import { OutcomeUnknown } from './OutcomeUnknown.tsx';
import { quote } from './testing/placed-quote.ts';

// The exchange's key sentence, an unknown outcome, in the window's language: the staff who read
// German or French are told the same thing, with the foreign id to check and nothing to place again.

const render = (language: Language) =>
  readableText(
    staticMarkup(createElement(OutcomeUnknown, { foreignId: 'exch-20261127-abcdefgh', quote, message: 'No answer came back.', at: Date.UTC(2026, 10, 27, 7) }), undefined, language),
  );

describe('an exchange whose outcome is unknown', () => {
  it('is said in English as today', () => {
    const text = render('en');
    expect(text).toContain('Outcome unknown: the exchange may or may not have been placed.');
    expect(text).toContain('Exchange 0.01000000 BTC for 612.34512345 EUR at a price of');
  });

  it('is said in German, formally, with the foreign id to check', () => {
    const text = render('de');
    expect(text).toContain('Ergebnis unbekannt: Der Umtausch wurde möglicherweise platziert, möglicherweise nicht.');
    expect(text).toContain('Zu prüfende Fremd-ID');
    expect(text).toContain('exch-20261127-abcdefgh');
    expect(text).toContain('oder prüfen Sie das Backoffice, bevor Sie erneut umtauschen.');
    expect(text).not.toContain('Outcome unknown');
  });

  it('is said in French, with vous, and the amounts asked for', () => {
    const text = render('fr');
    expect(text).toContain('Issue inconnue : l’échange a peut-être été passé, peut-être pas.');
    expect(text).toContain('Échanger 0.01000000 BTC contre 612.34512345 EUR au cours de');
    expect(text).toContain('Identifiant externe à vérifier');
    expect(text).not.toContain('Outcome unknown');
  });
});
