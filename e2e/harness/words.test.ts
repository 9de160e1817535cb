import { describe, expect, it } from 'vitest';
import { resolveLocale } from '../../shared/i18n/negotiate.ts';
import { preferredSystemLanguages, systemLocale } from '../standin/system-locale.ts';
import { DESKTOPS, wordsOf } from './words.ts';

const german = wordsOf(DESKTOPS.de);
const english = wordsOf(DESKTOPS.en);

describe('the words a spec expects, in its desktop’s language', () => {
  it('each desktop’s language and formats are what main decides from its environment', () => {
    for (const desktop of Object.values(DESKTOPS)) {
      const system = { preferredLanguages: preferredSystemLanguages(desktop.env), systemLocale: systemLocale(desktop.env) };
      expect(resolveLocale(system)).toEqual({ language: desktop.language, formatLocale: desktop.formatLocale });
    }
  });

  it('formats a catalogue message with its arguments and plurals, in the desktop’s language', () => {
    expect(english('transactions.result.title', { id: 42 })).toBe('Transaction 42');
    expect(german('transactions.result.title', { id: 42 })).toBe('Transaktion 42');
    expect(english('quotes.budget.left', { remaining: 29, limit: 30 })).toBe('29 of 30 quotes left in the last minute, for the whole app.');
  });

  it('gives a tag’s text only, as a locator reads it', () => {
    expect(english('transactions.form.note')).toContain('finds the withdrawals and exchanges you placed');
    expect(english('transactions.form.note')).not.toContain('<strong>');
  });

  it('fails on an argument not given, rather than letting the message’s id stand in', () => {
    expect(() => english('transactions.result.title')).toThrow(/id/);
  });

  it('shapes a message with any text for named arguments, and cuts it before one', () => {
    const shaped = english.shaped('quotes.words.exchange', ['send', 'sendCurrency', 'receive', 'receiveCurrency']);
    expect(shaped.test('Exchange 0.01 BTC for 950.12 EUR')).toBe(true);
    expect(shaped.test('Exchange at this rate')).toBe(false);
    expect(english.before('quotes.wait.text', 'at')).toMatch(/The next quote is possible at $/);
    expect(english.within('invoices.result.at', { time: '(12:00)' }).test('due at (12:00) today')).toBe(true);
  });

  it('writes amounts in the desktop’s regional formats: typed into a field, and as the window shows them', () => {
    expect(english.typed('100.50')).toBe('100.50');
    expect(german.typed('100.50')).toBe('100,50');
    expect(german.typed('1234.5')).toBe('1234,5');
    expect(german.written('1234.56')).toBe('1.234,56');
  });
});
