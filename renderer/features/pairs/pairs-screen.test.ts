import { createElement } from 'react';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { Pair } from '../../../shared/api/pair.ts';
import { catalogueOf, ruleMessage } from '../../../shared/i18n/index.ts';
import type { Language } from '../../../shared/i18n/index.ts';
import type { PairList } from '../../../shared/ipc/contract.ts';
import { controlLabelled, readableText, staticMarkup } from '../../testing/static-markup.ts';
import { PairsScreen } from './PairsScreen.tsx';
import { refreshWords } from './pairs-words.ts';
import { PAIRS_KEY } from '../../components/currency/use-pairs.ts';

// The Pairs screen as React renders it for a given list from main: the pairs read, the
// ones set aside with their field and value as received, and a stale list marked with its time.

const pair = (from: string, to: string, rateTo: string): Pair => ({
  currency_from: { currency: from, type: 'crypto' },
  currency_to: { currency: to, type: 'fiat' },
  rate_from: '1',
  rate_to: rateTo,
});

const list = (overrides: Partial<PairList> = {}): PairList => ({
  pairs: [pair('BTC', 'EUR', '12345678.12345678'), pair('XRP', 'EUR', '0.00000015')],
  // The problem as main sends it: a rule's message, worded by the screen.
  unreadable: [{ index: 1, field: 'rate_to', value: 'not a rate', message: ruleMessage('rules.wire.notDecimal') }],
  fetchedAt: '2025-06-01T12:00:00.000Z',
  staleBecause: null,
  ...overrides,
});

const screenWith = (answer: PairList, language: Language = 'en') =>
  staticMarkup(createElement(PairsScreen), (client) => client.setQueryData(PAIRS_KEY, answer), language);
const english = createIntl({ locale: 'en', messages: catalogueOf('en') });

describe('the Pairs screen with a pair set aside', () => {
  const html = screenWith(list());
  const text = readableText(html);

  it('says how many were set aside, and shows each as unreadable with its field and value as received', () => {
    expect(text).toContain('1 pair set aside: the console could not read it.');
    expect(text).toContain('#2 unreadable: rate_to = not a rate (is not a decimal amount)');
    expect(text).toContain('Every other pair is shown exactly as the service sent it.');
  });

  it('still shows the list with its fetch time, and no stale warning', () => {
    expect(controlLabelled(html, 'Filter')).toMatch(/^<input/);
    expect(text).toContain('Showing all 2 pairs');
    expect(text).toContain('Fetched 2025-06-01 12:00:00 UTC');
    expect(html).not.toContain('data-testid="pairs-stale"');
    expect(html).not.toContain('role="alert"');
  });
});

describe('the Pairs screen with a stale list', () => {
  const error = { kind: 'network', message: 'Could not talk to the service at 127.0.0.1:8787: the connection was refused.' } as const;
  const html = screenWith(list({ unreadable: [], staleBecause: error }));
  const text = readableText(html);

  it('says why the refresh failed and that the list shown is the last good one, from when', () => {
    expect(html).toContain('role="alert"');
    expect(text).toContain(error.message);
    expect(text).toContain('Showing the last list, fetched 2025-06-01 12:00:00 UTC');
    expect(text).toContain('Try again');
    expect(html).not.toContain('data-testid="set-aside"');
  });

  it('announces a refresh by what happened', () => {
    expect(refreshWords(list({ unreadable: [], staleBecause: error }), english)).toBe(`Could not refresh the pairs: ${error.message} The last list is still shown.`);
    expect(refreshWords(list(), english)).toBe('Pairs refreshed: 2 pairs, 1 set aside as unreadable');
    expect(refreshWords(list({ unreadable: [] }), english)).toBe('Pairs refreshed: 2 pairs');
    expect(refreshWords(list({ unreadable: [], pairs: list().pairs.slice(0, 1) }), english)).toBe('Pairs refreshed: 1 pair');
  });
});

describe('the Pairs screen in the window’s language', () => {
  it('says that the rates are a reference only, names the columns and counts the pairs in German', () => {
    const text = readableText(screenWith(list({ unreadable: [] }), 'de'));
    expect(text).toContain('Nur Referenzkurse. Diese Kurse bestimmen nicht den Preis eines Umtauschs');
    expect(text).toContain('Alle 2 Paare werden angezeigt');
    expect(text).toContain('Von ↕ Von-Typ ↕ Nach ↕ Nach-Typ ↕ Mindestbetrag ↕ Mindesteinzahlung mit Umtausch ↕ Kurs von ↕ Kurs nach ↕');
    expect(text).not.toContain('Reference rates only');
  });

  it('says a pair set aside in German and in French, its field and value as received', () => {
    expect(readableText(screenWith(list(), 'de'))).toContain('Nr. 2 nicht lesbar: rate_to = not a rate (ist kein Dezimalbetrag)');
    expect(readableText(screenWith(list(), 'fr'))).toContain('n° 2 illisible : rate_to = not a rate (n’est pas un montant décimal)');
  });

  it('says so in French, the stale list and the refresh announced included', () => {
    const error = { kind: 'network', message: 'Le service est injoignable.' } as const;
    const text = readableText(screenWith(list({ unreadable: [], staleBecause: error }), 'fr'));
    expect(text).toContain('Taux de référence uniquement. Ces taux ne servent pas à fixer le prix des échanges');
    expect(text).toContain('Affichage de la dernière liste, récupérée 2025-06-01 12:00:00 UTC');
    expect(text).toContain('Réessayer');
    const french = createIntl({ locale: 'fr', messages: catalogueOf('fr') });
    expect(refreshWords(list(), french)).toBe('Paires actualisées : 2 paires, 1 mise de côté car illisible');
  });
});
