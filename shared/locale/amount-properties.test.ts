import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareDecimals, padDecimal } from '../money/decimal.ts';
import { formatAmount } from './format-amount.ts';
import { parseAmount } from './parse-amount.ts';
import { separatorsOf } from './separators.ts';
import { SHIPPED_LOCALES } from './shipped.ts';

// The amount parser against the exact decimal, in every shipped locale: what the console writes it
// reads back, the plain form always reads, and a text the two forms read differently is refused.
const SEED = Number(process.env['FUZZ_SEED'] ?? 24_2026);
const RUNS = 400;
const options = { seed: SEED, numRuns: RUNS };

const digits = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });

/** A decimal as the console carries it: no leading zero before the whole part, no trailing zero after the point. */
// The whole part as often below a million (one group: "1.234") as up to 10^18.
const wholePart = fc.oneof(fc.bigInt({ min: 0n, max: 999_999n }), fc.bigInt({ min: 0n, max: 10n ** 18n }));
const canonicalDecimal = fc
  .tuple(wholePart, digits(0, 7), fc.constantFrom(...'123456789'), fc.boolean())
  .map(([whole, fraction, last, hasFraction]) => (hasFraction ? `${whole}.${fraction}${last}` : `${whole}`));

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The rules of docs/amounts.md, written again on their own: the locale form's and the plain form's
 * readings of `text`, each null when that form does not read it.
 */
function readings(text: string, locale: string): { local: string | null; plain: string | null } {
  const { decimal, groupReadAs } = separatorsOf(locale);
  const group = `[${groupReadAs.map(escape).join('')}]`;
  const localForm = new RegExp(`^(?:\\d+|[1-9]\\d{0,2}(?:${group}\\d{3})+)(?:${escape(decimal)}\\d+)?$`);
  const trimmed = text.trim();
  const local = localForm.test(trimmed) ? trimmed.replace(new RegExp(group, 'g'), '').replace(decimal, '.') : null;
  const plain = /^\d+(\.\d+)?$/.test(trimmed) ? trimmed : null;
  return { local, plain };
}

/** Texts near the forms: digits in groups of 1 to 4, joined by any separator a locale uses. */
const separator = fc.constantFrom('.', ',', ' ', '\u00a0', '\u202f');
const nearAmount = fc
  .tuple(digits(1, 4), fc.array(fc.tuple(separator, digits(1, 4)), { maxLength: 4 }))
  .map(([head, tail]) => head + tail.map(([mark, part]) => mark + part).join(''));
const anyText = fc.oneof(nearAmount, fc.string({ unit: fc.constantFrom(...'0123456789.,  \u202f-e'), maxLength: 12 }));

describe.each(SHIPPED_LOCALES)('amounts in %s', (locale) => {
  const groupIsPoint = separatorsOf(locale).group === '.';
  /** "1.234": read as thousands by the locale and as a decimal by the plain form. */
  const twoWays = (text: string) => groupIsPoint && /^[1-9]\d{0,2}\.\d{3}$/.test(text);

  it("reads back exactly what formatAmount wrote at a currency's precision", () => {
    fc.assert(
      fc.property(canonicalDecimal, fc.integer({ min: 1, max: 8 }), (decimal, places) => {
        expect(parseAmount(formatAmount(decimal, locale, { minDecimals: places }), locale)).toEqual({ ok: true, decimal: padDecimal(decimal, places) });
      }),
      options,
    );
  });

  it('reads back exactly what formatAmount wrote with no decimals asked for, except a whole number the plain form reads too, which it refuses', () => {
    fc.assert(
      fc.property(canonicalDecimal, (decimal) => {
        const written = formatAmount(decimal, locale);
        const reading = parseAmount(written, locale);
        if (twoWays(written)) expect(reading.ok ? reading.decimal : reading.reason.code).toBe('ambiguous');
        else expect(reading).toEqual({ ok: true, decimal });
        expect(parseAmount(formatAmount(decimal, locale, { grouping: false }), locale)).toEqual({ ok: true, decimal });
      }),
      options,
    );
  });

  it('reads the plain form as itself, trailing zeros included, unless the locale reads it as thousands', () => {
    fc.assert(
      fc.property(canonicalDecimal, digits(0, 3), (decimal, zeros) => {
        const plain = decimal.includes('.') ? decimal + zeros.replace(/\d/g, '0') : decimal;
        const reading = parseAmount(plain, locale);
        expect(reading.ok ? reading.decimal : reading.reason.code).toBe(twoWays(plain) ? 'ambiguous' : plain);
      }),
      options,
    );
  });

  it('refuses "1.234" where the locale groups with a point, and reads it as 1.234 elsewhere', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999 }), digits(3, 3), (whole, fraction) => {
        const text = `${whole}.${fraction}`;
        const reading = parseAmount(text, locale);
        expect(reading.ok ? reading.decimal : reading.reason.code).toBe(groupIsPoint ? 'ambiguous' : text);
      }),
      options,
    );
  });

  it('never reads "0" and a separator and digits as 1 or more', () => {
    fc.assert(
      fc.property(separator, digits(1, 8), (mark, fraction) => {
        const reading = parseAmount(`0${mark}${fraction}`, locale);
        if (reading.ok) expect(compareDecimals(reading.decimal, '1')).toBe(-1);
      }),
      options,
    );
    expect(parseAmount('0.001', locale)).toEqual({ ok: true, decimal: '0.001' });
  });

  it('reads any text as the one form that reads it, refuses it when both do and disagree or neither does', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const { local, plain } = readings(text, locale);
        const reading = parseAmount(text, locale);
        const expected = local !== null && plain !== null && compareDecimals(local, plain) !== 0 ? null : (local ?? plain);
        if (expected === null) {
          expect(reading.ok).toBe(false);
          if (local !== null && plain !== null && !reading.ok) expect(reading.reason.code).toBe('ambiguous');
        } else {
          expect(reading.ok).toBe(true);
          if (reading.ok) expect(reading.decimal).toBe(expected.replace(/^0+(?=\d)/, ''));
        }
      }),
      options,
    );
  });

  it('refuses more decimals than allowed, and never cuts them', () => {
    fc.assert(
      fc.property(canonicalDecimal, fc.integer({ min: 0, max: 8 }), (decimal, max) => {
        const places = decimal.includes('.') ? decimal.length - decimal.indexOf('.') - 1 : 0;
        const reading = parseAmount(formatAmount(decimal, locale, { grouping: false }), locale, { maxDecimals: max });
        expect(reading.ok ? reading.decimal : 'refused').toBe(places > max ? 'refused' : decimal);
      }),
      options,
    );
  });
});
