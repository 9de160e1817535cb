import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';
import { MAX_FRACTION_DIGITS, MAX_INTEGER_DIGITS } from '../json.ts';

/**
 * Test-only: every form of JSON number (RFC 8259, section 6), and an independent reading of one
 * done with BigInt, to hold shared/money/json.ts's decimal reading to. The reference shares no code with it:
 * it scales by powers of ten where the code moves the decimal point in text.
 */

const digits = (min: number, max: number) => fc.stringMatching(new RegExp(`^\\d{${min},${max}}$`));

/** The integer part: "0", or digits without a leading zero; mostly short, sometimes long. */
const integerPart = fc.oneof(
  { weight: 2, arbitrary: fc.constant('0') },
  { weight: 5, arbitrary: fc.stringMatching(/^[1-9]\d{0,12}$/) },
  { weight: 1, arbitrary: fc.stringMatching(/^[1-9]\d{13,45}$/) },
);

/** The fraction: any digits, trailing and leading zeros included. */
const fractionPart = fc.oneof(
  { weight: 4, arbitrary: digits(1, 12) },
  { weight: 1, arbitrary: digits(13, 45) },
  { weight: 1, arbitrary: fc.stringMatching(/^0{1,40}[1-9]?0{0,20}$/) },
);

/** The exponent: e or E, an optional sign, digits with leading zeros allowed; now and then far out of range. */
const exponentPart = fc
  .tuple(
    fc.constantFrom('e', 'E'),
    fc.constantFrom('', '+', '-'),
    fc.oneof(
      { weight: 8, arbitrary: fc.integer({ min: 0, max: 60 }).map(String) },
      { weight: 2, arbitrary: fc.tuple(fc.stringMatching(/^0{1,3}$/), fc.integer({ min: 0, max: 60 })).map(([zeros, n]) => `${zeros}${n}`) },
      { weight: 1, arbitrary: fc.constantFrom('1000000', '999999999999', '18446744073709551616', '0'.repeat(30) + '7') },
    ),
  )
  .map(([e, sign, value]) => `${e}${sign}${value}`);

/** Any JSON number text: -? int frac? exp?. */
export const jsonNumberText: Arbitrary<string> = fc
  .tuple(fc.boolean(), integerPart, fc.option(fractionPart, { freq: 3 }), fc.option(exponentPart, { freq: 2 }))
  .map(([negative, integer, fraction, exponent]) => `${negative ? '-' : ''}${integer}${fraction === null ? '' : `.${fraction}`}${exponent ?? ''}`);

/** A JSON number's value as units × 10^power, read with BigInt (exact, however big). */
function valueOf(text: string): { units: bigint; power: bigint } {
  const [mantissa = '', exponent = '0'] = text.toLowerCase().split('e');
  const [integer = '', fraction = ''] = mantissa.split('.');
  return { units: BigInt(integer + fraction), power: BigInt(exponent) - BigInt(fraction.length) };
}

const decimalDigits = (n: bigint) => (n < 0n ? -n : n).toString().length;

/**
 * What the text must read as, by the reference: the plain decimal with the places written (never
 * fewer than 0; trailing zeros beyond MAX_FRACTION_DIGITS dropped), or null when the value is out
 * of the bounds of an amount.
 */
export function expectedDecimal(text: string): string | null {
  let { units, power } = valueOf(text);
  if (units === 0n) {
    const places = power >= 0n ? 0 : Math.min(Number(-power), MAX_FRACTION_DIGITS);
    return places === 0 ? '0' : `0.${'0'.repeat(places)}`;
  }
  // Bounds on the value itself: its digits before the point, and the places it truly needs.
  let needed = { units, power };
  while (needed.units % 10n === 0n) needed = { units: needed.units / 10n, power: needed.power + 1n };
  if (-needed.power > BigInt(MAX_FRACTION_DIGITS)) return null;
  if (BigInt(decimalDigits(units)) + power > BigInt(MAX_INTEGER_DIGITS)) return null;

  if (-power > BigInt(MAX_FRACTION_DIGITS)) {
    const cut = -power - BigInt(MAX_FRACTION_DIGITS);
    units /= 10n ** cut;
    power += cut;
  }
  if (power >= 0n) return (units * 10n ** power).toString();
  const places = Number(-power);
  const negative = units < 0n;
  const magnitude = (negative ? -units : units).toString().padStart(places + 1, '0');
  return `${negative ? '-' : ''}${magnitude.slice(0, -places)}.${magnitude.slice(-places)}`;
}

/** Whether two decimal texts (plain or with exponents) denote the same value; for values within the bounds. */
export function sameValue(a: string, b: string): boolean {
  const x = valueOf(a);
  const y = valueOf(b);
  if (x.units === 0n || y.units === 0n) return x.units === y.units;
  const shift = x.power - y.power;
  return shift >= 0n ? x.units * 10n ** shift === y.units : x.units === y.units * 10n ** -shift;
}

/** A plain JSON decimal: what every amount must look like once read. */
export const PLAIN_DECIMAL = /^-?(0|[1-9]\d*)(\.\d+)?$/;

export const shortInteger = fc.oneof(fc.integer({ min: -999_999_999_999_999, max: 999_999_999_999_999 }).map(String), fc.constantFrom('0', '-0', '7', '-1'));
/** Any JSON number: decimals, big integers, exponents, negative zero in its forms. */
export const anyNumber = fc.oneof(jsonNumberText, shortInteger, fc.constantFrom('-0.0', '0e0', '-0E-0', '1E400', '9007199254740993', '1234567890123456'));
/** Strings that look like numbers or hide quotes: digits, dots, exponents, escapes. */
const trickyString = fc
  .string({ unit: fc.constantFrom('1', '0', '.', 'e', 'E', '-', '+', '"', '\\', '[', '{', ']', '}', ':', ',', ' ', 'x', '\u00e9', '\n'), maxLength: 12 })
  .map((text) => JSON.stringify(text));
const commonKeys = ['id', 'txid', 'amount', '__proto__', '0', '1', '10', '-1', '1.5'];
const space = fc.constantFrom('', '', '', ' ', '\n', '\t', ' \r\n ');

/** JSON text built from tokens, with numbers from `number`; objects may repeat a key, and take `keys` too. */
export function jsonText(number: Arbitrary<string>, keys: readonly string[] = []): Arbitrary<string> {
  const key = fc.oneof(trickyString, fc.constantFrom(...[...commonKeys, ...keys].map((name) => JSON.stringify(name))));
  const { value } = fc.letrec<{ value: string }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      number,
      trickyString,
      fc.constantFrom('true', 'false', 'null'),
      fc.array(fc.tuple(space, tie('value'), space), { maxLength: 5 }).map((items) => `[${items.map((item) => item.join('')).join(',')}]`),
      fc
        .array(fc.tuple(space, key, space, tie('value'), space), { maxLength: 5 })
        .map((entries) => `{${entries.map(([a, k, b, v, c]) => `${a}${k}${b}:${v}${c}`).join(',')}}`),
    ),
  }));
  return fc.tuple(space, value, space).map((parts) => parts.join(''));
}

/** Half the texts hold only short integers (the way without reviver), half any number (the way with it). */
export const anyJson = fc.oneof(jsonText(shortInteger), jsonText(anyNumber));
