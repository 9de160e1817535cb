import { describe, expect, it } from 'vitest';
import { amountForInput, formatAmount } from './format-amount.ts';

describe('formatAmount', () => {
  it("writes the locale's separators", () => {
    expect(formatAmount('1234.56', 'en')).toBe('1,234.56');
    expect(formatAmount('1234.56', 'de')).toBe('1.234,56');
    expect(formatAmount('1234.56', 'fr')).toBe('1\u202f234,56');
  });

  it('never rounds: an amount with more decimals than its currency keeps them all', () => {
    expect(formatAmount('231.94279333', 'de', { currency: 'EUR' })).toBe('231,94279333');
    expect(formatAmount('0.123456789012345678901234567891', 'en')).toBe('0.123456789012345678901234567891');
    expect(formatAmount('12345678901234567890.12345678', 'en')).toBe('12,345,678,901,234,567,890.12345678');
  });

  it("pads to the currency's precision", () => {
    expect(formatAmount('5', 'fr', { currency: 'EUR' })).toBe('5,00');
    expect(formatAmount('0.00003', 'de', { currency: 'BTC' })).toBe('0,00003000');
    expect(formatAmount('5', 'de', { minDecimals: 3 })).toBe('5,000');
  });

  it('writes no groups when asked, for text put back into an input', () => {
    expect(formatAmount('1234567.5', 'de', { grouping: false })).toBe('1234567,5');
  });

  it('returns text that is not a plain decimal as it is', () => {
    expect(formatAmount('12,5', 'de')).toBe('12,5');
    expect(formatAmount('1e3', 'en')).toBe('1e3');
  });
});

describe('amountForInput', () => {
  it('writes a decimal the way the locale reads it back unchanged, every digit kept', () => {
    expect(amountForInput('1.500', 'de')).toBe('1,500');
    expect(amountForInput('1234.50', 'de')).toBe('1234,50');
    expect(amountForInput('100.50', 'en')).toBe('100.50');
    expect(amountForInput('12,5', 'de')).toBe('12,5');
  });
});
