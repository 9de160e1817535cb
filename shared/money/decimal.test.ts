import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import {
  addDecimals,
  compareDecimals,
  divideDecimals,
  MAX_DIVISION_PLACES,
  decimalPlaces,
  decimalsEqual,
  formatDecimal,
  isInputDecimal,
  isWireDecimal,
  padDecimal,
  subtractDecimals,
} from './decimal.ts';

describe('decimal amounts', () => {
  it('compares values, not texts, beyond float precision', () => {
    expect(compareDecimals('1.0', '1')).toBe(0);
    expect(compareDecimals('0.30000000', '0.1')).toBe(1);
    // 2^53 + 1 and 2^53 are equal as floats; as decimals they are not.
    expect(compareDecimals('9007199254740993', '9007199254740992')).toBe(1);
    expect(decimalsEqual('12345678.12345678', '12345678.123456780')).toBe(true);
  });

  it('adds and subtracts without float error', () => {
    expect(addDecimals('0.1', '0.2')).toBe('0.3');
    expect(subtractDecimals('100.00000000', '0.00000001')).toBe('99.99999999');
  });

  it('tells input decimals from anything else', () => {
    expect(isInputDecimal('12.5')).toBe(true);
    for (const bad of ['-1', '1e3', '1,5', '.5', '5.', ' ', '', 'NaN', 'Infinity', '0x10']) {
      expect(isInputDecimal(bad), bad).toBe(false);
    }
    expect(isWireDecimal('-0.5')).toBe(true);
    expect(isWireDecimal('7.85e+76')).toBe(false);
  });

  it('counts places as written and pads without rounding', () => {
    expect(decimalPlaces('1.50')).toBe(2);
    expect(decimalPlaces('7')).toBe(0);
    expect(padDecimal('1.5')).toBe('1.50000000');
    expect(padDecimal('7')).toBe('7.00000000');
    expect(padDecimal('0.123456789')).toBe('0.123456789');
  });

  it('groups thousands and keeps every fractional digit', () => {
    expect(formatDecimal('12345678.12345678')).toBe('12,345,678.12345678');
    expect(formatDecimal('-1000')).toBe('-1,000');
    expect(formatDecimal('not a number')).toBe('not a number');
  });

  it('cuts a quotient to its places, never rounding up on the way, and leaves the global big.js alone', () => {
    const globalPlaces = Big.DP;
    expect(divideDecimals('2', '3')).toBe('0.66666666');
    expect(divideDecimals('1', '8', 2)).toBe('0.12');
    // Sixty nines: a division that rounded half-up at its working precision would give 1.00000000.
    expect(divideDecimals(`0.${'9'.repeat(60)}`, '1')).toBe('0.99999999');
    expect(divideDecimals('1', '3', MAX_DIVISION_PLACES)).toBe(`0.${'3'.repeat(MAX_DIVISION_PLACES)}`);
    expect(Big.DP).toBe(globalPlaces);
    expect(() => divideDecimals('1', '3', MAX_DIVISION_PLACES + 1)).toThrow(RangeError);
  });
});
