import { describe, expect, it } from 'vitest';
import { inEnglish } from '../i18n/testing/in-english.ts';
import { AMOUNT_PROBLEM_IDS } from './amount-problems.ts';
import { parseAmount } from './parse-amount.ts';

const read = (text: string, locale: string, maxDecimals?: number) => {
  const reading = parseAmount(text, locale, { maxDecimals });
  return reading.ok ? reading.decimal : reading.reason.code;
};

describe('parseAmount, the examples of the issue', () => {
  it('reads an invoice for "1.234,56" EUR in German as 1234.56', () => {
    expect(parseAmount('1.234,56', 'de', { maxDecimals: 2, currency: 'EUR' })).toEqual({ ok: true, decimal: '1234.56' });
  });

  it('reads the plain form in every locale', () => {
    for (const locale of ['en', 'de', 'fr', 'it', 'es', 'pl']) expect(read('1234.56', locale), locale).toBe('1234.56');
  });

  it('reads "0,001" in German as a thousandth, and never turns "0.001" into 1', () => {
    expect(read('0,001', 'de')).toBe('0.001');
    for (const locale of ['en', 'de', 'fr']) expect(read('0.001', locale), locale).toBe('0.001');
    expect(read('0,001', 'fr')).toBe('0.001');
    expect(read('0,001', 'en')).toBe('misplaced-group');
  });

  it('refuses "1.234" in German as ambiguous, and says to write 1234 or 1,234', () => {
    const reading = parseAmount('1.234', 'de');
    expect(reading.ok).toBe(false);
    if (reading.ok) return;
    expect(reading.reason.code).toBe('ambiguous');
    expect(inEnglish(reading.reason.message)).toContain('write 1234');
    expect(inEnglish(reading.reason.message)).toContain('1,234');
    expect(read('999.000', 'it')).toBe('ambiguous');
  });

  it('reads "1.234" in English and French as the decimal 1.234', () => {
    expect(read('1.234', 'en')).toBe('1.234');
    expect(read('1.234', 'fr')).toBe('1.234');
  });

  it('reads German groups of exactly 3 digits as thousands once the text cannot be the plain form', () => {
    expect(read('1.234.567', 'de')).toBe('1234567');
    expect(read('1.234.567,5', 'de')).toBe('1234567.5');
  });

  it('reads one kind of separator with groups that are not 3 digits as the decimal', () => {
    expect(read('1.5', 'de')).toBe('1.5');
    expect(read('12345.678', 'de')).toBe('12345.678');
    expect(read('1,5', 'de')).toBe('1.5');
    expect(read('1,5', 'fr')).toBe('1.5');
  });

  it('reads the French group space in all three forms', () => {
    for (const space of [' ', '\u00a0', '\u202f']) expect(read(`1${space}234${space}567,89`, 'fr')).toBe('1234567.89');
    expect(read('1 234 567', 'pl')).toBe('1234567');
  });

  it('keeps every decimal digit as typed, trailing zeros too, and drops only leading zeros', () => {
    expect(read('1.234,50', 'de')).toBe('1234.50');
    expect(read('007', 'en')).toBe('7');
    expect(read('00,50', 'de')).toBe('0.50');
    expect(read('  12.5  ', 'en')).toBe('12.5');
  });
});

describe('parseAmount refuses', () => {
  it.each([
    ['', 'en', 'empty'],
    ['   ', 'de', 'empty'],
    ['-5', 'en', 'negative'],
    ['\u22125', 'de', 'negative'],
    ['1e3', 'en', 'exponent'],
    ['1,5E3', 'de', 'exponent'],
    ['12a', 'en', 'characters'],
    ['€12', 'de', 'characters'],
    ['+12', 'en', 'characters'],
    ['1 234', 'en', 'characters'],
    ['1.2.3', 'en', 'several-decimal-separators'],
    ['1,2,3', 'de', 'several-decimal-separators'],
    ['1,5.3', 'fr', 'several-decimal-separators'],
    ['12,', 'de', 'incomplete'],
    ['12.', 'en', 'incomplete'],
    [',5', 'fr', 'incomplete'],
    ['12,50', 'en', 'misplaced-group'],
    ['1,23,456', 'en', 'misplaced-group'],
    ['1,234.56', 'de', 'misplaced-group'],
    ['1.234,5.6', 'de', 'misplaced-group'],
    ['0.001.000', 'de', 'misplaced-group'],
    ['1 234.56', 'fr', 'misplaced-group'],
    ['12 34,5', 'fr', 'misplaced-group'],
  ])('"%s" in %s: %s', (text, locale, code) => {
    expect(read(text, locale)).toBe(code);
  });

  it('more decimals than the currency takes, naming the currency, never rounding', () => {
    const reading = parseAmount('10,123', 'de', { maxDecimals: 2, currency: 'EUR' });
    expect(reading.ok ? reading.decimal : inEnglish(reading.reason.message)).toBe('EUR takes at most 2 decimal places');
    expect(read('0.123456789', 'en', 8)).toBe('too-many-decimals');
    expect(read('0.12345678', 'en', 8)).toBe('0.12345678');
    const whole = parseAmount('1,5', 'fr', { maxDecimals: 0, currency: 'JPY' });
    expect(whole.ok ? whole.decimal : inEnglish(whole.reason.message)).toBe('JPY takes whole amounts only');
  });

  it('with English words for every reason, filled from the locale: no placeholder left', () => {
    for (const [text, locale] of [['', 'en'], ['x', 'fr'], ['1.234', 'de'], ['1,2,3', 'de'], ['12,', 'de'], ['12,50', 'en'], ['1.5', 'en']] as const) {
      const reading = parseAmount(text, locale, { maxDecimals: 0 });
      if (reading.ok) throw new Error(`${text} was read`);
      expect(inEnglish(reading.reason.message)).not.toMatch(/[{}]/);
    }
    expect(Object.keys(AMOUNT_PROBLEM_IDS).length).toBe(11);
  });
});
