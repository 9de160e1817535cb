import { describe, expect, it } from 'vitest';
import { inEnglish } from '../i18n/testing/in-english.ts';
import { currencyPlaces, decimalAtPlaces, formatAmount, placesProblem } from './precision.ts';

describe('a currency’s places', () => {
  it('follows the kind the service gave: fiat 2, crypto 8', () => {
    expect(currencyPlaces('EUR', 'fiat')).toBe(2);
    expect(currencyPlaces('XYZ', 'fiat')).toBe(2);
    expect(currencyPlaces('BTC', 'crypto')).toBe(8);
  });

  it('without a kind, reads the code: common fiat codes 2, anything else 8', () => {
    expect(currencyPlaces('EUR')).toBe(2);
    expect(currencyPlaces('usd')).toBe(2);
    expect(currencyPlaces('GBP', 'other')).toBe(2);
    expect(currencyPlaces('BTC')).toBe(8);
    expect(currencyPlaces('USDTTRC20', null)).toBe(8);
  });
});

describe('an amount at its currency’s places', () => {
  it('pads a shorter amount with zeros', () => {
    expect(decimalAtPlaces('0.00003', 8)).toBe('0.00003000');
    expect(decimalAtPlaces('250', 2)).toBe('250.00');
    expect(decimalAtPlaces('12.5', 2)).toBe('12.50');
    expect(decimalAtPlaces('7', 0)).toBe('7');
  });

  it('drops only trailing zeros past the places', () => {
    expect(decimalAtPlaces('250.00000000', 2)).toBe('250.00');
    expect(decimalAtPlaces('231.94200000', 2)).toBe('231.942');
    expect(decimalAtPlaces('-3.10000000', 2)).toBe('-3.10');
    expect(decimalAtPlaces('5.000', 0)).toBe('5');
  });

  it('never cuts or rounds a digit the service sent', () => {
    expect(decimalAtPlaces('231.94279333', 2)).toBe('231.94279333');
    expect(decimalAtPlaces('0.00000001', 2)).toBe('0.00000001');
    expect(decimalAtPlaces('0.123456789', 8)).toBe('0.123456789');
  });

  it('leaves text that is not a plain decimal as it is', () => {
    expect(decimalAtPlaces('7.85e+76', 8)).toBe('7.85e+76');
    expect(decimalAtPlaces('', 2)).toBe('');
  });
});

describe('an amount in a sentence', () => {
  it('is at its currency’s places and grouped', () => {
    expect(formatAmount('612345.10000000', 'EUR')).toBe('612,345.10');
    expect(formatAmount('0.01', 'BTC')).toBe('0.01000000');
    expect(formatAmount('1234.5', 'XAU', 'fiat')).toBe('1,234.50');
  });
});

describe('too many places for a currency', () => {
  it('is said with the currency and its places', () => {
    expect(inEnglish(placesProblem('1000.123', 'EUR', 2))).toBe('EUR takes at most 2 decimal places');
    expect(placesProblem('1000.12', 'EUR', 2)).toBeNull();
    expect(placesProblem('0.12345678', 'BTC', 8)).toBeNull();
    expect(inEnglish(placesProblem('1.5', 'JPY', 0))).toBe('JPY takes whole amounts only');
  });
});
