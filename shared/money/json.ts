import { LosslessNumber, stringify } from 'lossless-json';
import { ruleMessage } from '../i18n/rule-mark.ts';

/**
 * JSON without the float detour. The service sends amounts both as strings and as JSON numbers
 * (spec section 2), and its request bodies type amounts as numbers (spec 4.2, 4.4, 4.5).
 */

/** Integers this short are exact as doubles (and well within Number.MAX_SAFE_INTEGER): they stay numbers. */
const MAX_SHORT_INTEGER_DIGITS = 15;
const SAFE_INTEGER_TEXT = new RegExp(`^-?\\d{1,${MAX_SHORT_INTEGER_DIGITS}}$`);

/**
 * The deepest nesting of arrays and objects read. The service's answers are a few levels deep;
 * what reads the result (the schemas, the journal's redaction) walks it recursively, so without a
 * limit a body of a few thousand `[` would overflow the stack and throw a RangeError instead of
 * the SyntaxError every caller expects.
 */
export const MAX_JSON_NESTING = 100;

/** What one pass over a JSON text found (scanJson). */
type Scan =
  /** Arrays and objects nest deeper than the limit. */
  | 'too deep'
  /** Every number is a short integer (SAFE_INTEGER_TEXT): JSON.parse's own value for it is already the lossless one. */
  | 'short integers'
  /** Some number needs its source text: a decimal, an exponent, or more digits than SAFE_INTEGER_TEXT takes. */
  | 'needs source';

/**
 * One pass, no parse: whether `text` nests arrays and objects (outside strings) no deeper than
 * `limit`, and whether any number in it needs its source text. Read for valid JSON only: in valid
 * JSON, outside strings, a "." or an "e"/"E" right after a digit occurs only inside a number, and a
 * run of digits is one number's. Text that is not JSON fails JSON.parse either way, with or without
 * a reviver, so what this says of it does not matter.
 */
function scanJson(text: string, limit: number): Scan {
  let depth = 0;
  let inString = false;
  let shortIntegers = true;
  let digits = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c) i++; // a backslash escapes the next character
      else if (char === 0x22) inString = false;
    } else if (char >= 0x30 && char <= 0x39) {
      if (++digits > MAX_SHORT_INTEGER_DIGITS) shortIntegers = false;
    } else {
      if (char === 0x2e || (digits > 0 && (char === 0x65 || char === 0x45))) shortIntegers = false; // "." or an exponent
      digits = 0;
      if (char === 0x22) {
        inString = true;
      } else if (char === 0x5b || char === 0x7b) {
        if (++depth > limit) return 'too deep';
      } else if (char === 0x5d || char === 0x7d) {
        depth--;
      }
    }
  }
  return shortIntegers ? 'short integers' : 'needs source';
}

/**
 * What the reviver below does to the numbers of a text with only short integers, done after a plain
 * JSON.parse: note where each number stood and hand it to `number`, which sees the same source text
 * (a short integer's text is what String() writes, but for "-0"). Walks the value as the reviver
 * does, the same keys in the same order; the top-level holder is the reviver's own, which no caller
 * can see, so the root is handed over but not noted.
 */
function reviveShortIntegers(root: unknown, number: ((source: string) => unknown) | null, numbers?: NumberKeys): unknown {
  const source = (value: number): string => (Object.is(value, -0) ? '-0' : String(value));
  const visit = (holder: Record<string, unknown>, keys: readonly string[]): void => {
    let noted: Set<string> | undefined;
    for (const key of keys) {
      const value = holder[key];
      if (typeof value === 'number') {
        if (numbers) {
          if (!noted) numbers.set(holder, (noted = new Set()));
          noted.add(key);
        }
        // As the reviver's result is stored: an own data property, even for a key named "__proto__".
        if (number) Object.defineProperty(holder, key, { value: number(source(value)), writable: true, enumerable: true, configurable: true });
      } else if (typeof value === 'object' && value !== null) {
        visit(value as Record<string, unknown>, Array.isArray(value) ? value.map((_, index) => String(index)) : Object.keys(value));
      }
    }
  };
  if (typeof root === 'number') return number ? number(source(root)) : root;
  if (typeof root === 'object' && root !== null) visit(root as Record<string, unknown>, Array.isArray(root) ? root.map((_, index) => String(index)) : Object.keys(root));
  return root;
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

/** What a parse makes of each number's source text. */
type NumberReading = {
  number: (source: string) => unknown;
  /** Whether `number` of a short integer's text is the number JSON.parse reads from it: then it need not be called for one. */
  keepsShortIntegers: boolean;
};

/**
 * JSON.parse, after the nesting check, with each number handed to `number` as its source text.
 * JSON.parse itself, not a parser written in JavaScript: lossless-json's own parse builds each text
 * value a character at a time, and took 100 to 250 ms of the main thread for a 256 KiB answer, so
 * a padded answer under its size cap could still freeze the window (docs/security.md, "Bounded answers"). A repeated key keeps
 * its last value, as everywhere JSON.parse reads; a "__proto__" key stays an own property.
 */
function parseWithNumbers(text: string, reading: NumberReading, numbers?: NumberKeys): unknown {
  const { number, keepsShortIntegers } = reading;
  const scan = scanJson(text, MAX_JSON_NESTING);
  if (scan === 'too deep') throw new SyntaxError(`JSON nested deeper than ${MAX_JSON_NESTING} levels`);
  // The common answer: ids, counts and timestamps as numbers, amounts as strings. A reviver with
  // source text makes JSON.parse an order of magnitude slower, and here it would change nothing
  // that a plain parse (and, where numbers are noted or converted, one walk after it) does not.
  if (scan === 'short integers') {
    const parsed: unknown = JSON.parse(text);
    return keepsShortIntegers && !numbers ? parsed : reviveShortIntegers(parsed, keepsShortIntegers ? null : number, numbers);
  }
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

const LOSSLESS: NumberReading = {
  number: (source) => (SAFE_INTEGER_TEXT.test(source) ? Number(source) : source),
  keepsShortIntegers: true,
};
const EXACT: NumberReading = { number: (source) => new LosslessNumber(source), keepsShortIntegers: false };

/**
 * Parses JSON keeping every number exact: small integers (ids, counts, timestamps) become numbers;
 * any other number (a decimal, a huge integer, an exponent) becomes its own source text, so
 * `12345678.12345678` comes out as exactly "12345678.12345678".
 * Throws a SyntaxError, and nothing else, for text that is not JSON or nests deeper than MAX_JSON_NESTING.
 */
export function parseJsonLossless(text: string): unknown {
  return parseWithNumbers(text, LOSSLESS);
}

/** parseJsonLossless, which also notes in `numbers`, when given, where each JSON number stood (NumberKeys). */
export function parseJsonNotingNumbers(text: string, numbers: NumberKeys | undefined): unknown {
  return parseWithNumbers(text, LOSSLESS, numbers);
}

/**
 * Parses JSON to be written back out (stringifyJson), as when a copy is kept with parts left out:
 * every number becomes a LosslessNumber holding its own source text, so `12345678.12345678` is
 * written back digit for digit and never turns into a string. Same limits and SyntaxError as
 * parseJsonLossless.
 */
export function parseJsonExact(text: string): unknown {
  return parseWithNumbers(text, EXACT);
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

// ---- Any JSON number as the exact decimal it denotes ----

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

/**
 * A JSON number that is already its own plain reading: not negative (a negative zero loses its
 * sign), no exponent, at most MAX_INTEGER_DIGITS digits before the point and MAX_FRACTION_DIGITS
 * after it (so no trailing zero is dropped). readJsonDecimal's general path gives back the same text.
 */
const PLAIN_DECIMAL = new RegExp(`^(?:0|[1-9]\\d{0,${MAX_INTEGER_DIGITS - 1}})(?:\\.\\d{1,${MAX_FRACTION_DIGITS}})?$`);

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
 * JSON number, or is beyond the bounds, is a problem fit for a field error, as a rule's message
 * (shared/i18n/rule-message.ts).
 */
export function readJsonDecimal(text: string): DecimalReading {
  // Most amounts arrive already in plain digits, within the bounds: they are their own reading.
  if (PLAIN_DECIMAL.test(text)) return { ok: true, decimal: text };
  const match = JSON_NUMBER.exec(text);
  if (!match) return { ok: false, problem: ruleMessage('rules.wire.notDecimal') };
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
    return { ok: false, problem: ruleMessage('rules.wire.tooManyPlaces', { places: MAX_FRACTION_DIGITS }) };
  }
  if (digits.length - scale > MAX_INTEGER_DIGITS) {
    return { ok: false, problem: ruleMessage('rules.wire.tooManyDigits', { digits: MAX_INTEGER_DIGITS }) };
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
  return { ok: false, problem: ruleMessage('rules.wire.floatingPoint') };
}
