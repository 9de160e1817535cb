import { LosslessNumber, stringify } from 'lossless-json';

/**
 * JSON without the float detour. The service sends amounts both as strings and as JSON numbers
 * (spec section 2), and its request bodies type amounts as numbers (spec 4.2, 4.4, 4.5).
 */

const SAFE_INTEGER_TEXT = /^-?\d{1,15}$/;

/**
 * The deepest nesting of arrays and objects read. The service's answers are a few levels deep;
 * what reads the result (the schemas, the journal's redaction) walks it recursively, so without a
 * limit a body of a few thousand `[` would overflow the stack and throw a RangeError instead of
 * the SyntaxError every caller expects.
 */
export const MAX_JSON_NESTING = 100;

/** Whether `text` nests arrays and objects (outside strings) no deeper than `limit`: one pass, no parse. */
function nestsWithin(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c) i++; // a backslash escapes the next character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b || char === 0x7b) {
      if (++depth > limit) return false;
    } else if (char === 0x5d || char === 0x7d) {
      depth--;
    }
  }
  return true;
}

/** JSON.parse's reviver, with each primitive's source text (ES2025 "JSON.parse source text access"). */
type SourceReviver = (this: object, key: string, value: unknown, context?: { source?: string }) => unknown;

/**
 * Where JSON numbers stood: for each object (or array) read, the keys whose value was a JSON number.
 * A large number becomes its source text, which no longer says it was a number; the parse fills
 * this in when asked, so a reader can still tell (a txid sent as a number is flagged on screen).
 */
export type NumberKeys = WeakMap<object, Set<string>>;

/** Whether `holder[key]` was a JSON number when `numbers` was filled in by the parse. */
export function heldNumber(numbers: NumberKeys, holder: unknown, key: string): boolean {
  return typeof holder === 'object' && holder !== null && (numbers.get(holder)?.has(key) ?? false);
}

/**
 * JSON.parse, after the nesting check, with each number handed to `number` as its source text.
 * JSON.parse itself, not a parser written in JavaScript: lossless-json's own parse builds each text
 * value a character at a time, and took 100 to 250 ms of the main thread for a 256 KiB answer, so
 * a padded answer under its size cap could still freeze the window (docs/security.md, "Bounded answers"). A repeated key keeps
 * its last value, as everywhere JSON.parse reads; a "__proto__" key stays an own property.
 */
function parseWithNumbers(text: string, number: (source: string) => unknown, numbers?: NumberKeys): unknown {
  if (!nestsWithin(text, MAX_JSON_NESTING)) throw new SyntaxError(`JSON nested deeper than ${MAX_JSON_NESTING} levels`);
  // A function, not an arrow: JSON.parse hands it the object holding the value as `this`.
  const reviver: SourceReviver = function (key, value, context) {
    if (typeof value !== 'number') return value;
    if (numbers) {
      const keys = numbers.get(this);
      if (keys) keys.add(key);
      else numbers.set(this, new Set([key]));
    }
    return number(context?.source ?? String(value));
  };
  return JSON.parse(text, reviver as (key: string, value: unknown) => unknown);
}

const losslessNumber = (source: string): number | string => (SAFE_INTEGER_TEXT.test(source) ? Number(source) : source);

/**
 * Parses JSON keeping every number exact: small integers (ids, counts, timestamps) become numbers;
 * any other number (a decimal, a huge integer, an exponent) becomes its own source text, so
 * `12345678.12345678` comes out as exactly "12345678.12345678".
 * Throws a SyntaxError, and nothing else, for text that is not JSON or nests deeper than MAX_JSON_NESTING.
 */
export function parseJsonLossless(text: string): unknown {
  return parseWithNumbers(text, losslessNumber);
}

/** parseJsonLossless, which also notes in `numbers` where each JSON number stood (NumberKeys). */
export function parseJsonNotingNumbers(text: string, numbers: NumberKeys): unknown {
  return parseWithNumbers(text, losslessNumber, numbers);
}

/**
 * Parses JSON to be written back out (stringifyJson), as when a copy is kept with parts left out:
 * every number becomes a LosslessNumber holding its own source text, so `12345678.12345678` is
 * written back digit for digit and never turns into a string. Same limits and SyntaxError as
 * parseJsonLossless.
 */
export function parseJsonExact(text: string): unknown {
  return parseWithNumbers(text, (source) => new LosslessNumber(source));
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
