import Big from 'big.js';

/**
 * Decimal amounts are carried as strings from the wire to the screen, and compared or summed with
 * big.js, which works on decimal digits. A JavaScript number never holds an amount (spec section 2:
 * "Amounts are decimals").
 */

/**
 * The console's own big.js constructor: `Big()` makes an independent copy, so its settings are set
 * once here and never by a caller, and code that uses the global `Big` elsewhere (a library, the
 * sandbox) is not affected. A division keeps DP places, cut (RM) rather than rounded, so that
 * divideDecimals' own cut to fewer places is never undone by a round-up at DP: 0.999999999 stays
 * below 1. Sums and differences are exact; products and quotients are cut explicitly.
 */
export const Decimal = Big();
/** The most places divideDecimals rounds to. */
export const MAX_DIVISION_PLACES = 40;
Decimal.DP = MAX_DIVISION_PLACES + 10;
Decimal.RM = Decimal.roundDown;

/** A plain decimal as the service writes it: digits, an optional fraction, an optional minus. */
const WIRE_DECIMAL = /^-?\d+(\.\d+)?$/;
/** What a person may type: a non-negative plain decimal with no sign, exponent or separators. */
const INPUT_DECIMAL = /^\d+(\.\d+)?$/;

/** The most decimal places the service uses for an amount (spec section 2). */
export const MAX_AMOUNT_PLACES = 8;

export function isWireDecimal(text: string): boolean {
  return WIRE_DECIMAL.test(text);
}

export function isInputDecimal(text: string): boolean {
  return INPUT_DECIMAL.test(text);
}

/** Number of digits after the decimal point, as written: "1.50" has 2. */
export function decimalPlaces(text: string): number {
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : text.length - dot - 1;
}

/** -1, 0 or 1, comparing the decimal values rather than the texts ("1.0" equals "1"). */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  return new Decimal(a).cmp(new Decimal(b)) as -1 | 0 | 1;
}

export function decimalsEqual(a: string, b: string): boolean {
  return compareDecimals(a, b) === 0;
}

export function isZero(text: string): boolean {
  return new Decimal(text).eq(0);
}

export function addDecimals(a: string, b: string): string {
  return new Decimal(a).plus(b).toFixed();
}

export function subtractDecimals(a: string, b: string): string {
  return new Decimal(a).minus(b).toFixed();
}

/** Product rounded down to `places` (used by the sandbox to price quotes; never by the client). */
export function multiplyDecimals(a: string, b: string, places = MAX_AMOUNT_PLACES): string {
  return new Decimal(a).times(b).round(places, Decimal.roundDown).toFixed(places);
}

export function divideDecimals(a: string, b: string, places = MAX_AMOUNT_PLACES): string {
  if (!Number.isInteger(places) || places < 0 || places > MAX_DIVISION_PLACES) {
    throw new RangeError(`A quotient is rounded to 0 to ${MAX_DIVISION_PLACES} places, not ${places}`);
  }
  return new Decimal(a).div(b).round(places, Decimal.roundDown).toFixed(places);
}

/** Pads or keeps the fraction so that the text has exactly `places` places; never rounds away digits. */
export function padDecimal(text: string, places = MAX_AMOUNT_PLACES): string {
  const current = decimalPlaces(text);
  if (current >= places) return text;
  return (current === 0 ? `${text}.` : text) + '0'.repeat(places - current);
}

/**
 * Groups the integer part for reading ("12,345.6789") and keeps every fractional digit as sent,
 * so that what staff read is exactly what the service said.
 */
export function formatDecimal(text: string): string {
  if (!isWireDecimal(text)) return text;
  const negative = text.startsWith('-');
  const [intPart = '0', fraction] = (negative ? text.slice(1) : text).split('.');
  const grouped = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}
