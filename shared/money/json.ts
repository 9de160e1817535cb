import { LosslessNumber, parse, stringify } from 'lossless-json';

/**
 * JSON without the float detour. The service sends amounts both as strings and as JSON numbers
 * (spec section 2), and its request bodies type amounts as numbers (spec 4.2, 4.4, 4.5).
 */

const SAFE_INTEGER_TEXT = /^-?\d{1,15}$/;

/**
 * Parses JSON keeping every number exact: small integers (ids, counts, timestamps) become numbers;
 * any other number (a decimal, a huge integer, an exponent) becomes its own source text, so
 * `12345678.12345678` comes out as exactly "12345678.12345678".
 */
export function parseJsonLossless(text: string): unknown {
  return parse(text, null, (numberText) =>
    SAFE_INTEGER_TEXT.test(numberText) ? Number(numberText) : numberText,
  );
}

/** Marks a decimal text to be written as a bare JSON number, digit for digit. */
export function jsonNumber(decimalText: string): LosslessNumber {
  return new LosslessNumber(decimalText);
}

/** Serialises a body once; values made with `jsonNumber` are written as numbers without rounding. */
export function stringifyJson(value: unknown): string {
  const text = stringify(value);
  if (text === undefined) throw new TypeError('Value cannot be serialised as JSON');
  return text;
}
