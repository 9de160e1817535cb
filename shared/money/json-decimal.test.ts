import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal, formatDecimal } from './decimal.ts';
import { MAX_FRACTION_DIGITS, MAX_INTEGER_DIGITS, readJsonDecimal, readWireDecimal } from './json.ts';
import { PLAIN_DECIMAL, expectedDecimal, jsonNumberText, sameValue } from './testing/json-numbers.ts';
import type { DecimalReading } from './json.ts';
import { inEnglish } from '../i18n/testing/in-english.ts';

// Exact amounts: any valid JSON number, in any valid form, is the exact decimal it denotes.
const SEED = Number(process.env['FUZZ_SEED'] ?? 12_2025);
const RUNS = 3_000;

/** A reading with its problem as an English screen words it (a rule's message: shared/i18n/rule-message.ts). */
const said = (reading: DecimalReading): DecimalReading => (reading.ok ? reading : { ok: false, problem: inEnglish(reading.problem) });

/** JSON's own word on whether a text is a number: an independent oracle for the grammar. */
function jsonSaysNumber(text: string): boolean {
  if (text !== text.trim() || text === '') return false;
  try {
    return typeof JSON.parse(text) === 'number';
  } catch {
    return false;
  }
}

describe('reading any JSON number as an exact decimal', () => {
  it('reads every form of the grammar as the decimal the reference computes, in plain digits', () => {
    fc.assert(
      fc.property(jsonNumberText, (text) => {
        const expected = expectedDecimal(text);
        const reading = readJsonDecimal(text);
        if (expected === null) {
          expect(reading.ok, `${text} is beyond an amount`).toBe(false);
          return;
        }
        expect(reading).toEqual({ ok: true, decimal: expected });
        if (!reading.ok) return;
        expect(reading.decimal).toMatch(PLAIN_DECIMAL);
        expect(sameValue(reading.decimal, text), `${reading.decimal} = ${text}`).toBe(true);
        // Read again, it is itself: what the schemas hand on survives the contract's second check.
        expect(readJsonDecimal(reading.decimal)).toEqual(reading);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('agrees with big.js, compared as decimals, wherever big.js can hold the number', () => {
    const modest = jsonNumberText.filter((text) => !/[eE][+-]?0*\d{5,}$/.test(text));
    fc.assert(
      fc.property(modest, (text) => {
        const reading = readJsonDecimal(text);
        if (reading.ok) expect(new Decimal(reading.decimal).eq(new Decimal(text)), text).toBe(true);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('keeps the places as written, as the service writes "0.00300000"', () => {
    expect(readJsonDecimal('0.00300000')).toEqual({ ok: true, decimal: '0.00300000' });
    expect(readJsonDecimal('3.00000e-3')).toEqual({ ok: true, decimal: '0.00300000' });
    expect(readJsonDecimal('1.50e1')).toEqual({ ok: true, decimal: '15.0' });
    expect(readJsonDecimal('7.85e+76')).toMatchObject({ ok: false });
    expect(readJsonDecimal('2.069384879354E+4')).toEqual({ ok: true, decimal: '20693.84879354' });
    expect(readJsonDecimal('1E-7')).toEqual({ ok: true, decimal: '0.0000001' });
    expect(readJsonDecimal('15e2')).toEqual({ ok: true, decimal: '1500' });
  });

  it('drops the sign of zero, however zero is written', () => {
    for (const [text, decimal] of [['-0', '0'], ['-0.0', '0.0'], ['-0e5', '0'], ['0E-3', '0.000'], ['-0.00e+1', '0.0']]) {
      expect(readJsonDecimal(text ?? '')).toEqual({ ok: true, decimal });
    }
  });

  it('is plain digits at every magnitude the bounds allow, where big.js toString() would switch to exponents', () => {
    const largest = `${'9'.repeat(MAX_INTEGER_DIGITS)}.${'9'.repeat(MAX_FRACTION_DIGITS)}`;
    expect(readJsonDecimal(largest)).toEqual({ ok: true, decimal: largest });
    expect(readJsonDecimal(`1e${MAX_INTEGER_DIGITS - 1}`)).toEqual({ ok: true, decimal: `1${'0'.repeat(MAX_INTEGER_DIGITS - 1)}` });
    expect(readJsonDecimal(`1e-${MAX_FRACTION_DIGITS}`)).toEqual({ ok: true, decimal: `0.${'0'.repeat(MAX_FRACTION_DIGITS - 1)}1` });
    expect(new Decimal('1e-40').toString()).toBe('1e-40');
  });

  it('refuses a value beyond any amount with a named reason, at once, not a million-digit string', () => {
    expect(said(readJsonDecimal(`1e${MAX_INTEGER_DIGITS}`))).toEqual({ ok: false, problem: 'has more than 40 digits before the decimal point, so it cannot be an amount' });
    expect(said(readJsonDecimal(`1e-${MAX_FRACTION_DIGITS + 1}`))).toEqual({ ok: false, problem: 'has more than 40 decimal places, so it cannot be an amount' });
    for (const text of ['1e+1000000', '-1E1000000', '1e-1000000', '9e18446744073709551616', `0.${'0'.repeat(100_000)}1`]) {
      expect(readJsonDecimal(text).ok, text).toBe(false);
    }
    // Zeros are no digits of value: huge exponents on zero, and trailing zeros far out, still read.
    expect(readJsonDecimal('0e+18446744073709551616')).toEqual({ ok: true, decimal: '0' });
    expect(readJsonDecimal(`1${'0'.repeat(100_000)}e-100000`)).toEqual({ ok: true, decimal: `1.${'0'.repeat(MAX_FRACTION_DIGITS)}` });
  });

  it('refuses text that is not a JSON number, even the common near misses, as "is not a decimal amount"', () => {
    for (const text of [' 1', '1 ', '1.', '.5', '+1', '01', '-01.5', '0x10', '1e', '1e+', 'e5', '1.5e3.2', '--1', 'NaN', 'Infinity', '-Infinity', '', '1,5', '١٢٣', '１２３', '1_000']) {
      expect(said(readJsonDecimal(text)), JSON.stringify(text)).toEqual({ ok: false, problem: 'is not a decimal amount' });
    }
  });

  it('follows the grammar exactly: JSON.parse agrees on what is a number', () => {
    const nearNumbers = fc.string({ unit: fc.constantFrom('0', '1', '9', '.', 'e', 'E', '+', '-', ' ', 'x'), maxLength: 12 });
    fc.assert(
      fc.property(nearNumbers, (text) => {
        const reading = readJsonDecimal(text);
        if (!jsonSaysNumber(text)) expect(said(reading)).toEqual({ ok: false, problem: 'is not a decimal amount' });
        else expect(reading.ok || inEnglish(reading.problem) !== 'is not a decimal amount', text).toBe(true);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('takes a number only when no float can have touched it', () => {
    expect(readWireDecimal(381)).toEqual({ ok: true, decimal: '381' });
    expect(readWireDecimal(-0)).toEqual({ ok: true, decimal: '0' });
    for (const value of [0.1, 1e21, 2 ** 53, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(said(readWireDecimal(value)), String(value)).toEqual({ ok: false, problem: 'arrived as a floating-point number, which cannot hold an amount exactly' });
    }
  });

  it('shows as the same digits, grouped for reading', () => {
    fc.assert(
      fc.property(jsonNumberText, (text) => {
        const reading = readJsonDecimal(text);
        if (reading.ok) expect(formatDecimal(reading.decimal).replaceAll(',', '')).toBe(reading.decimal);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });
});
