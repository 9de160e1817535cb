import { jsonNumber, parseJsonExact, stringifyJson } from '../../../shared/money/index.ts';
import type { NumberKeys } from '../../../shared/money/index.ts';
import type { ParsedAnswer } from '../api/index.ts';

/**
 * What the journal keeps of a request and of an answer: everything needed to find or repeat the
 * operation, less personal data. Sender and receiver data (names, dates of birth) and e-mail
 * addresses never reach the disk, at whatever depth they appear: an answer may echo them, and a
 * hostile one may put them anywhere.
 *
 * Two nets, because an answer is text that came from elsewhere:
 *  1. by key: the personal fields are left out of every object, recursively (JSON answers); in
 *     text that only nearly parses (cut short, say), a personal key's value is blanked where it
 *     can be told apart;
 *  2. by value: the personal values this request carried are blanked wherever they turn up again,
 *     inside other fields' text, or in an answer that is not JSON at all (an HTML error page).
 */
const PERSONAL_KEYS = new Set([
  'sender_data',
  'receiver_data',
  'email_user',
  'email',
  'first_name',
  'last_name',
  'date_of_birth',
  'legal_name',
]);

/** Values shorter than this are not blanked by value (a two-letter name would blank every "Al" in "Alpha"); by key they still go. */
const MIN_BLANKED_LENGTH = 4;
export const BLANKED = '[personal data]';

/** A personal key and its value (a text, a flat object or list, or a bare word) in text that is not JSON. */
const PERSONAL_KEY_IN_TEXT = new RegExp(`"(${[...PERSONAL_KEYS].join('|')})"\\s*:\\s*("(?:[^"\\\\]|\\\\.)*"?|\\{[^{}]*\\}?|\\[[^[\\]]*\\]?|[^,}\\]\\s]*)`, 'g');

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

/**
 * A JSON number the client's parse read (parseJsonNotingNumbers), to be written back as it came:
 * a short integer is held as its value (only "-0" writes differently), any other as its source text.
 */
const writtenBack = (value: unknown): unknown =>
  typeof value === 'number' ? jsonNumber(Object.is(value, -0) ? '-0' : String(value)) : typeof value === 'string' ? jsonNumber(value) : value;

/**
 * A copy without personal keys. JSON numbers held as LosslessNumber objects (parseJsonExact) pass
 * unchanged; with `numbers`, those of a lossless parse are told by where they stood (writtenBack).
 */
function withoutPersonalKeys(value: unknown, blank: (text: string) => string, numbers?: NumberKeys): unknown {
  if (typeof value === 'string') return blank(value);
  const noted = numbers && typeof value === 'object' && value !== null ? numbers.get(value) : undefined;
  const copy = (key: string, item: unknown): unknown => (noted?.has(key) ? writtenBack(item) : withoutPersonalKeys(item, blank, numbers));
  if (Array.isArray(value)) return value.map((item, index) => copy(String(index), item));
  if (!isPlainObject(value)) return value;
  // fromEntries defines own properties, so a key named "__proto__" stays data, never a prototype.
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, item]) => !PERSONAL_KEYS.has(key) && item !== undefined)
      .map(([key, item]) => [blank(key), copy(key, item)]),
  );
}

/** Every text value under a personal key of the request: what an answer must not bring back to disk. */
export function personalValues(request: unknown): string[] {
  const found = new Set<string>();
  const visit = (value: unknown, personal: boolean): void => {
    if (typeof value === 'string') {
      if (personal && value.trim().length >= MIN_BLANKED_LENGTH) found.add(value.trim());
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item, personal);
    } else if (isPlainObject(value)) {
      for (const [key, item] of Object.entries(value)) visit(item, personal || PERSONAL_KEYS.has(key));
    }
  };
  visit(request, false);
  // Longest first, so that a value containing another is blanked whole.
  return [...found].sort((a, b) => b.length - a.length);
}

function blanker(values: readonly string[]): (text: string) => string {
  if (values.length === 0) return (text) => text;
  return (text) => values.reduce((result, value) => (result.includes(value) ? result.split(value).join(BLANKED) : result), text);
}

export function redactRequest(request: Record<string, unknown>): Record<string, unknown> {
  return withoutPersonalKeys(request, (text) => text) as Record<string, unknown>;
}

/**
 * An answer's text as the journal may keep it: JSON is rewritten without personal keys, numbers
 * exactly as they came; anything else is kept as text. Either way the request's own personal
 * values are blanked.
 */
export function redactAnswer(text: string, requestPersonalValues: readonly string[] = []): string {
  const blank = blanker(requestPersonalValues);
  let parsed: unknown;
  try {
    parsed = parseJsonExact(text);
  } catch {
    return redactText(text, blank);
  }
  return stringifyJson(withoutPersonalKeys(parsed, blank));
}

/**
 * redactAnswer of an answer the client has already parsed (CallReceipt's `parsed`): the same text,
 * without a second parse. Null when the answer is not an object or an array: whether a value at
 * the top was a JSON number is not noted (only keys of objects and arrays are), so the text decides.
 */
export function redactParsedAnswer(answer: ParsedAnswer, requestPersonalValues: readonly string[] = []): string | null {
  if (typeof answer.json !== 'object' || answer.json === null) return null;
  return stringifyJson(withoutPersonalKeys(answer.json, blanker(requestPersonalValues), answer.numbers));
}

/** Text that is not JSON: a personal key's value blanked where it can be told apart, then the request's personal values. */
const redactText = (text: string, blank: (text: string) => string): string => blank(text.replace(PERSONAL_KEY_IN_TEXT, `"$1":"${BLANKED}"`));

/**
 * A failure's message as the journal may keep it. A refusal's words come from the service, which
 * may echo what it refused ("email ada@example.com is invalid", a sender's name or date of birth):
 * they are plain text, so they get the nets an answer that is not JSON gets.
 */
export function redactMessage(message: string, requestPersonalValues: readonly string[] = []): string {
  return redactText(message, blanker(requestPersonalValues));
}
