import { createElement } from 'react';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { catalogueOf, ruleMessage } from '../../../shared/i18n/index.ts';
import type { Language } from '../../../shared/i18n/index.ts';
import type { BalanceList } from '../../../shared/ipc/contract.ts';
import { BALANCES_KEY } from '../../components/balances/use-balances.ts';
import { readableText, staticMarkup } from '../../testing/static-markup.ts';
import { refreshWords, typeWords } from './balance-words.ts';
import { BalancesScreen } from './BalancesScreen.tsx';

// The Balances screen as React renders it for a given answer from main: every currency with its
// type and exact balance, zeros included, the fetch time, and what could not be read.

const list = (overrides: Partial<BalanceList> = {}): BalanceList => ({
  balances: [
    { currency: 'BTC', type: 'crypto', balance: '1.25000000' },
    { currency: 'USDTERC20', type: 'crypto', balance: '12345678.12345678' },
    { currency: 'EUR', type: 'fiat', balance: '0.00000000' },
  ],
  unreadable: [],
  fetchedAt: '2025-06-01T12:00:00.000Z',
  ...overrides,
});

const screenWith = (answer: BalanceList, language: Language = 'en') =>
  staticMarkup(createElement(BalancesScreen), (client) => client.setQueryData(BALANCES_KEY, answer), language);
const english = createIntl({ locale: 'en', messages: catalogueOf('en') });

describe('the Balances screen', () => {
  const html = screenWith(list());
  const text = readableText(html);

  it('lists every currency with its type and its balance to the last digit, zeros included', () => {
    expect(text).toContain('BTC Crypto 1.25000000');
    expect(text).toContain('USDTERC20 Crypto 12,345,678.12345678');
    expect(html).toContain('data-exact="12345678.12345678"');
  });

  it('writes each balance at its currency’s places by the type the service gave, never cutting a digit sent', () => {
    const html = screenWith(
      list({
        balances: [
          { currency: 'EUR', type: 'fiat', balance: '0.00000000' },
          { currency: 'GBP', type: 'fiat', balance: '12.34567800' },
          { currency: 'BTC', type: 'crypto', balance: '0.5' },
        ],
      }),
    );
    const text = readableText(html);
    expect(text).toContain('EUR Fiat 0.00');
    expect(text).not.toContain('0.00000000');
    expect(text).toContain('GBP Fiat 12.345678');
    expect(text).toContain('BTC Crypto 0.50000000');
    expect(html).toContain('data-exact="0.00000000"');
  });

  it('marks a zero balance, quieter, without leaving it out', () => {
    expect(html).toMatch(/<tr data-currency="EUR" class="balance-zero">/);
    expect(html).toMatch(/<tr data-currency="BTC">/);
  });

  it('says when the figures were fetched, and offers Refresh', () => {
    expect(text).toContain('Fetched 2025-06-01 12:00:00 UTC');
    expect(html).toMatch(/<button type="button" class="button">Refresh<\/button>/);
    expect(html).not.toContain('role="alert"');
  });

  it('shows a balance it could not read as set aside, with its field and value as received', () => {
    const odd = readableText(screenWith(list({ unreadable: [{ index: 3, field: 'balance', value: 'lots', message: ruleMessage('rules.wire.notDecimal') }] })));
    expect(odd).toContain('1 balance set aside: the console could not read it.');
    expect(odd).toContain('#4 unreadable: balance = lots (is not a decimal amount)');
    expect(odd).toContain('BTC Crypto 1.25000000');
  });

  it('says so when the service lists none', () => {
    expect(readableText(screenWith(list({ balances: [] })))).toContain('The service lists no balances for this profile.');
  });
});

describe('the Balances screen’s words', () => {
  it('names the two types the service uses, and keeps any other as sent', () => {
    expect([typeWords('crypto'), typeWords('fiat'), typeWords('token'), typeWords('constructor')]).toEqual(['balances.type.crypto', 'balances.type.fiat', null, null]);
  });

  it('tells a screen reader what a refresh found', () => {
    expect(refreshWords(list(), english)).toBe('Balances refreshed: 3 currencies');
    expect(refreshWords(list({ balances: [list().balances[0]!], unreadable: [{ index: 1, field: 'balance', value: 'x', message: 'm' }] }), english)).toBe(
      'Balances refreshed: 1 currency, 1 balance set aside as unreadable',
    );
  });
});

describe('the Balances screen in the window’s language', () => {
  it('says what the profile holds, with the columns and types, in German', () => {
    const text = readableText(screenWith(list(), 'de'));
    expect(text).toContain('Was das aktive Profil in jeder Währung hält, wie der Dienst es meldet, Nullsalden eingeschlossen.');
    expect(text).toContain('Währung Typ Guthaben');
    expect(text).toContain('BTC Krypto');
    expect(text).toContain('EUR Fiat');
    expect(text).toContain('Abgerufen 2025-06-01 12:00:00 UTC');
    expect(text).toContain('Aktualisieren');
  });

  it('says so in French, a refresh announced with its plurals', () => {
    const text = readableText(screenWith(list({ balances: [] }), 'fr'));
    expect(text).toContain('Ce que le profil actif détient dans chaque devise');
    expect(text).toContain('Le service n’indique aucun solde pour ce profil.');
    const french = createIntl({ locale: 'fr', messages: catalogueOf('fr') });
    expect(refreshWords(list({ unreadable: [{ index: 1, field: 'balance', value: 'x', message: 'm' }, { index: 2, field: 'balance', value: 'y', message: 'm' }] }), french)).toBe(
      'Soldes actualisés : 3 devises, 2 soldes mis de côté car illisibles',
    );
  });
});
