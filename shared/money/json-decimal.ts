/**
 * Any JSON number, in any of its forms, as the exact decimal it denotes, in plain digits.
 *
 * JSON writes one value many ways: `1500`, `1.5e3`, `1.5E+3`, `15e2`, `1500.0`. The service's own
 * published examples carry exponent forms (docs/service-interface.md, "Types seen in the wild":
 * `7.85e+76`), and amounts arrive both bare and as strings (spec section 2). Screens, the journal
 * and the exports want plain digits, so this moves the decimal point by text alone: no float, and
 * no big.js, whose toFixed() would also drop the trailing zeros the service writes (`"0.00300000"`
 * keeps its eight places).
 *
 * Strict on purpose: only the JSON grammar (RFC 8259, section 6) is a number. `" 1"`, `"1."`,
 * `".5"`, `"+1"`, `"01"`, `"0x10"`, `"NaN"`, `"Infinity"` and `""` are not, from a string either:
 * an answer that sends them is broken, and guessing what it meant is how money gets mis-stated.
 */

/** -? int frac? exp?, where int is 0 or has no leading zero (RFC 8259, section 6). */
const JSON_NUMBER = /^(-?)(0|[1-9]\d*)(?:\.(\d+))?(?:[eE]([+-]?)(\d+))?$/;

/**
 * Bounds of what can be an amount or a rate. The largest money supplies have under 20 digits
 * before the point and tokens use at most 18 places after it, so 40 either way is far beyond any
 * real value, yet it keeps `1e+1000000` from becoming a million-digit string (or a hang).
 */
export const MAX_INTEGER_DIGITS = 40;
export const MAX_FRACTION_DIGITS = 40;

/** Exponents are read only this far: anything longer is out of bounds whatever the digits are. */
const EXPONENT_CAP = 1e12;

export type DecimalReading = { ok: true; decimal: string } | { ok: false; problem: string };

function exponentOf(sign: string | undefined, digits: string | undefined): number {
  if (digits === undefined) return 0;
  const significant = digits.replace(/^0+/, '');
  const size = significant.length > 12 ? EXPONENT_CAP : Number(significant || '0');
  return sign === '-' ? -size : size;
}

/**
 * The plain decimal text of a JSON number text: `"1.5E+3"` is `"1500"`, `"1E-7"` is `"0.0000001"`,
 * `"1.50e1"` is `"15.0"` (the places written stay, as `"0.00300000"` keeps eight), `"-0.0"` is `"0.0"`.
 * Trailing zeros beyond MAX_FRACTION_DIGITS are dropped: they carry no value. Anything that is not a
 * JSON number, or is beyond the bounds, is a problem in words fit for a field error.
 */
export function readJsonDecimal(text: string): DecimalReading {
  const match = JSON_NUMBER.exec(text);
  if (!match) return { ok: false, problem: 'is not a decimal amount' };
  const [, sign, integer = '0', fraction = '', exponentSign, exponentDigits] = match;
  // value = digits × 10^-scale
  const scale = fraction.length - exponentOf(exponentSign, exponentDigits);
  const digits = (integer + fraction).replace(/^0+/, '');

  if (digits === '') {
    // Zero, however written; its sign says nothing about an amount.
    const places = Math.min(Math.max(scale, 0), MAX_FRACTION_DIGITS);
    return { ok: true, decimal: places === 0 ? '0' : `0.${'0'.repeat(places)}` };
  }
  const trailingZeros = digits.length - digits.replace(/0+$/, '').length;
  if (scale - trailingZeros > MAX_FRACTION_DIGITS) {
    return { ok: false, problem: `has more than ${MAX_FRACTION_DIGITS} decimal places, so it cannot be an amount` };
  }
  if (digits.length - scale > MAX_INTEGER_DIGITS) {
    return { ok: false, problem: `has more than ${MAX_INTEGER_DIGITS} digits before the decimal point, so it cannot be an amount` };
  }

  const places = Math.min(scale, MAX_FRACTION_DIGITS);
  // Only zeros are cut here: `scale - places` is at most the trailing zeros (checked above).
  const kept = digits.slice(0, digits.length - (scale - places));
  let plain: string;
  if (places <= 0) {
    plain = kept + '0'.repeat(-places);
  } else {
    const padded = kept.padStart(places + 1, '0');
    plain = `${padded.slice(0, -places)}.${padded.slice(-places)}`;
  }
  return { ok: true, decimal: `${sign}${plain}` };
}

/**
 * An amount as a parsed answer holds it: a string, or a number. parseJsonLossless gives back only
 * small integers as numbers (every other number as its own text), so a number that is not a safe
 * integer came from somewhere that already went through a float, and is refused rather than trusted.
 */
export function readWireDecimal(value: string | number): DecimalReading {
  if (typeof value === 'string') return readJsonDecimal(value);
  if (Number.isSafeInteger(value)) return readJsonDecimal(String(value));
  return { ok: false, problem: 'arrived as a floating-point number, which cannot hold an amount exactly' };
}
