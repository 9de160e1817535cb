import { z } from 'zod';
import { referenceRefusal } from '../submission/personal-data.ts';
import type { ReferenceLabel } from '../submission/personal-data.ts';
import { ruleMessage, wordRule } from '../i18n/rule-message.ts';
import type { RuleWording } from '../i18n/rule-message.ts';
import { decimalPlaces, isInputDecimal, isZero, MAX_AMOUNT_PLACES, readWireDecimal, stringifyJson } from '../money/index.ts';

/*
 * The schemas' one toolbox: the building blocks of the resource and request schemas, the open lists
 * of values the service grows, reading an answer with a schema (its first problem, in plain words),
 * reading a list element by element, and the characters a person cannot see. Each section below is
 * one of these; the resource schemas (transaction.ts, quote.ts, ...) are built from them.
 */

// ---- Characters that cannot be seen ----

/**
 * Characters that change how text reads without being seen: controls (a newline starts a line the
 * reader takes for the app's own), bidirectional and other format characters (U+202E shows
 * "exe.txt" for "txt.exe"), line and paragraph separators, lone surrogates, and the characters
 * Unicode says to draw as nothing. Text a person is asked to check must show none of them.
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;
const HIDDEN_ALL = new RegExp(HIDDEN.source, 'gu');

export const hasHiddenCharacters = (text: string): boolean => HIDDEN.test(text);

/** The text with each hidden character written out as \u{202E}, so what is shown reads as what is sent. */
export const showHiddenCharacters = (text: string): string =>
  text.replace(HIDDEN_ALL, (character) => `\\u{${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}}`);

// ---- Building blocks of the schemas ----

/*
 * Building blocks shared by the resource and request schemas. Response-side blocks are tolerant
 * (the service sends the same field as a string or a number: docs/service-interface.md, "Types seen in the wild");
 * request-side blocks are strict, because we only send what the spec allows.
 */

/**
 * An amount or rate from the service, as a string or a JSON number (spec section 2), in any form
 * JSON allows (`1.5E+3`, `1e-7`): kept as the exact decimal it denotes, in plain digits
 * (shared/money/json.ts, readWireDecimal). Anything else is a field error naming what is wrong.
 */
export const wireAmount = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const reading = readWireDecimal(value);
  if (reading.ok) return reading.decimal;
  ctx.addIssue({ code: 'custom', message: reading.problem });
  return z.NEVER;
});

/** An integer the service may send as `3` or as `"9"` (confirmations, ids). */
export const wireInteger = z
  .union([z.number().int(), z.string().regex(/^-?\d+$/, ruleMessage('rules.wire.notInteger'))])
  .transform((value) => Number(value))
  .refine(Number.isSafeInteger, { message: ruleMessage('rules.wire.tooLarge') });

/** The problem of a field the service sent as empty text, where text is needed (a rule's message). */
export const IS_EMPTY = ruleMessage('rules.wire.empty');

/** Text the service may send as a number (`foreign_id` arrives as 164 and as "196"). */
export const wireText = z.union([z.string(), z.number()]).transform((value) => String(value));

/** What is wrong with an amount a person typed, as a rule's message (shared/i18n/rule-message.ts); null when nothing is. */
function typedAmountProblem(text: string): string | null {
  // An exponent is refused rather than worked out: "1e3" typed into an amount field is far more
  // often a slip than a wish to send 1000, and an amount is sent as exactly what was read back.
  if (/^[\d.]*\d[eE][+-]?\d*$/.test(text)) return ruleMessage('rules.amount.exponent');
  if (!isInputDecimal(text)) return ruleMessage('rules.amount.plain');
  if (decimalPlaces(text) > MAX_AMOUNT_PLACES) return ruleMessage('rules.amount.maxPlaces', { places: MAX_AMOUNT_PLACES });
  return null;
}

/**
 * A decimal typed by a person or sent over IPC: plain digits, at most 8 places, >= 0 (spec 4.2, 8).
 * Leading zeros are dropped ("007" is 7): the amount goes on the wire as a bare JSON number written
 * from this text (platform/api/transport.ts, wireNumber), and JSON has no `007`.
 */
export const amountInput = z
  .string()
  .trim()
  .superRefine((text, ctx) => {
    const problem = typedAmountProblem(text);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((text) => text.replace(/^0+(?=\d)/, ''));

/** An amount that must be above zero, as an invoice amount must be. */
// zod runs every refinement even after one failed: only a plain decimal is handed to big.js.
export const positiveAmountInput = amountInput.refine((text) => !isInputDecimal(text) || !isZero(text), {
  message: ruleMessage('rules.amount.positive'),
});

/** A missing currency, in the words of a list to choose from (a typed code says so in its own: components/currency/CurrencyField.tsx). */
export const CHOOSE_CURRENCY = ruleMessage('rules.currency.choose');

export const currencyCode = z
  .string()
  .trim()
  .min(1, CHOOSE_CURRENCY)
  .max(20, ruleMessage('rules.currency.tooLong'));

/** foreign_id: unique in the merchant's system, at most 255 characters (spec 4.4, 4.5, 8). */
export const foreignIdInput = z
  .string()
  .trim()
  .min(1, ruleMessage('rules.foreignId.empty'))
  .max(255, ruleMessage('rules.foreignId.tooLong'))
  // It is shown to a person to check (main's confirmation, History): it must read as it is sent.
  .refine((text) => !hasHiddenCharacters(text), ruleMessage('rules.foreignId.hidden'));

/** Refuses what is clearly personal data (shared/submission/personal-data.ts) in the reference `label`. */
const withoutPersonalData = (label: ReferenceLabel) => (text: string, ctx: z.RefinementCtx) => {
  const refusal = referenceRefusal(label, text);
  if (refusal !== null) ctx.addIssue({ code: 'custom', message: refusal });
};

/**
 * The foreign_id of something the console asks the service to make (an invoice, a deposit address):
 * as foreignIdInput, and free of what is clearly personal data (spec 4.4). A lookup by foreign id
 * keeps foreignIdInput, so that what was made under any id can still be found.
 */
export const newForeignIdInput = foreignIdInput.superRefine(withoutPersonalData('foreignId'));

/**
 * A reference the merchant keeps for a customer (`end_user_reference` of invoices and deposit
 * addresses): required, at most 255 characters, and it must not hold personal data (spec 4.4).
 */
export const referenceInput = (label: ReferenceLabel) =>
  z
    .string({ message: ruleMessage('rules.reference.empty', { what: label }) })
    .trim()
    .min(1, ruleMessage('rules.reference.empty', { what: label }))
    .max(255, ruleMessage('rules.reference.tooLong', { what: label }))
    .superRefine(withoutPersonalData(label));

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * What is wrong with a return address (url_success, url_failed: an https URL whose host is a domain
 * name, not an IP address, spec 4.4 rule 1), each problem its own rule; null when nothing is.
 */
export function httpsDomainUrlProblem(text: string): string | null {
  if (text === '') return ruleMessage('rules.url.empty');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return ruleMessage('rules.url.whole');
  }
  const host = url.hostname;
  if (url.protocol === 'http:') return ruleMessage('rules.url.http');
  if (url.protocol !== 'https:') return ruleMessage('rules.url.https');
  if (host === '') return ruleMessage('rules.url.host');
  if (host.startsWith('[') || IPV4.test(host)) return ruleMessage('rules.url.domainName');
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(host) || /^\d+$/.test(host.split('.').pop() ?? '')) {
    return ruleMessage('rules.url.wholeDomain');
  }
  return null;
}

/** True for an https URL whose host is a domain name, not an IP address (spec 4.4 rule 1). */
export const isHttpsDomainUrl = (text: string): boolean => httpsDomainUrlProblem(text) === null;

export const httpsDomainUrl = z
  .string()
  .trim()
  .superRefine((text, ctx) => {
    const problem = httpsDomainUrlProblem(text);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  });

export const emailInput = z.email({ message: ruleMessage('rules.email.invalid') });

// ---- Open lists of values ----

/**
 * A value the service names from a list it grows without notice: a status, a type, an entry's
 * transaction_type, a fee type. Its answers have carried values their documentation did not list
 * (docs/service-interface.md, "Types seen in the wild"), so such a list is open: a known value is
 * typed as one of the list, any other text is kept exactly as received and flagged as
 * unrecognised, and never costs the rest of the answer. What the console sends stays a closed set.
 */

/** Text outside the known list, kept as received. The `& {}` keeps the known values offered by the editor. */
export type Unrecognised = string & {};

export type OpenEnum<K extends string> = K | Unrecognised;

/** A value of an open list, read: known and typed, or unrecognised and kept as received. */
export type OpenValue<K extends string> = { known: true; value: K } | { known: false; value: string };

export type OpenEnumSchema<K extends string> = z.ZodType<OpenEnum<K>, string> & {
  /** The values the console knows, in the order the spec lists them. */
  readonly known: readonly K[];
  /** Whether `value` is one the console knows: the flag every screen shows for one that is not. */
  read(value: OpenEnum<K>): OpenValue<K>;
};

/** An open list of `known` text values (see above): any text parses; `read` says which are known. */
export function openEnum<const K extends string>(known: readonly [K, ...K[]]): OpenEnumSchema<K> {
  const values: ReadonlySet<string> = new Set(known);
  const read = (value: OpenEnum<K>): OpenValue<K> => (values.has(value) ? { known: true, value: value as K } : { known: false, value });
  return Object.assign(z.string() as z.ZodType<OpenEnum<K>, string>, { known, read });
}

/** True when `value` is one of `known`: narrows an open value to its typed, known form. */
export function isKnown<K extends string>(known: readonly K[], value: string): value is K {
  return (known as readonly string[]).includes(value);
}

// ---- Reading an answer with a schema ----

/** Where a service response failed its schema, in the path notation people read: data.fees[0].amount. */
export function issuePath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => {
    if (typeof key === 'number') return `${text}[${key}]`;
    return text === '' ? String(key) : `${text}.${String(key)}`;
  }, '');
}

export type ParseOutcome<T> =
  | { ok: true; value: T }
  | { ok: false; field: string; message: string };

/**
 * zod's "Invalid input: expected string, received boolean" as plain words: "expected string, received
 * boolean" (zod's own technical text stays as received); a bare "Invalid input" is a rule's message
 * (shared/i18n/rule-message.ts), as the schemas' own problems are.
 */
export function plainProblem(message: string): string {
  const detail = message.replace(/^Invalid input:?\s*/i, '');
  return detail === '' ? ruleMessage('rules.wire.unexpected') : detail;
}

/** Parses a response body with a schema and reports the first field it could not read. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, prefix = ''): ParseOutcome<z.output<S>> {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  const path = issuePath([...(prefix ? [prefix] : []), ...(issue?.path ?? [])]);
  return { ok: false, field: path || '(body)', message: issue?.message ?? ruleMessage('rules.wire.couldNotBeRead') };
}

/** Turns zod issues into one message per field, the shape the forms show next to each field. */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issuePath(issue.path) || '(request)';
    fields[path] ??= issue.message;
  }
  return fields;
}

// ---- Lists read element by element ----

/**
 * Lists in the service's answers (pairs, fees, transaction entries) are read element by element
 * so that one bad element does not cost the whole list: one element the schema rejects is set aside as unreadable, and the others still
 * arrive. Only the list itself is strict: something that is not an array is still an unreadable
 * answer as a whole, reported as before.
 */

/** The most characters of a received value that travel to the screen: enough to recognise it. */
export const MAX_VALUE_TEXT = 120;

/** One element set aside: where it was, which field failed, and that field's value as received. */
export const unreadableElement = z.object({
  /** Its position in the list as received, from 0. */
  index: z.number().int().min(0),
  /** The field inside the element, such as `currency_from.min_amount`; "" for the element as a whole. */
  field: z.string(),
  /** The field's value as received, as text (cut at MAX_VALUE_TEXT); null when the field was missing. */
  value: z.string().nullable(),
  /** What is wrong with it: a rule's message (shared/i18n/rule-message.ts), or zod's own technical text. */
  message: z.string(),
});
export type UnreadableElement = z.infer<typeof unreadableElement>;

type ReadList<T> = { items: T[]; unreadable: UnreadableElement[] };

const isContainer = (value: unknown): value is Record<PropertyKey, unknown> => typeof value === 'object' && value !== null;

function valueAt(element: unknown, path: readonly PropertyKey[]): unknown {
  let current = element;
  for (const key of path) {
    if (!isContainer(current) || !Object.hasOwn(current, key)) return undefined;
    current = current[key];
  }
  return current;
}

/**
 * A received value as text. Strings as they are (no quotes), numbers as their digits (the lossless
 * parser keeps `1.5e-7` as that text), anything else as JSON.
 */
export function receivedText(value: unknown): string | null {
  if (value === undefined) return null;
  let text: string;
  try {
    text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : stringifyJson(value);
  } catch {
    text = String(value);
  }
  return text.length > MAX_VALUE_TEXT ? `${text.slice(0, MAX_VALUE_TEXT)}…` : text;
}

/** The types zod names, as one rule: "string or number" (each "or" its own message, worded in turn). */
const eitherOf = (types: readonly string[]): string =>
  types.reduce((first, second) => ruleMessage('rules.wire.or', { first, second }));

/** "expected string or number" where zod says only "Invalid input" of a field that may be either. */
function problemOf(issue: z.core.$ZodIssue | undefined): string {
  if (issue?.code === 'invalid_union' && issue.errors.length > 0) {
    const expected = issue.errors.flatMap((errors) => (errors[0]?.code === 'invalid_type' ? [errors[0].expected] : []));
    if (expected.length === issue.errors.length) return ruleMessage('rules.wire.expected', { types: eitherOf(expected) });
  }
  return plainProblem(issue?.message ?? '');
}

function setAside(index: number, element: unknown, issue: z.core.$ZodIssue | undefined): UnreadableElement {
  const path = issue?.path ?? [];
  const value = receivedText(valueAt(element, path));
  const message = value === null ? ruleMessage('rules.wire.missing') : problemOf(issue);
  return { index, field: issuePath(path), value, message };
}

/**
 * One element set aside, in the words every screen and report uses, said by `words` (react-intl's
 * intl in the window, `wordsFor(language)` in main): its place in the answer (from 1), the field and
 * the value as received. "#3 unreadable: rate_to = 1,5 (is not a decimal amount)". The field and the
 * value are the service's, shown as received; the problem is a rule's message, worded in turn (text
 * that is not one, zod's own or an older record's, shows as it is).
 */
export function describeUnreadable(words: RuleWording, element: UnreadableElement): string {
  const place = String(element.index + 1);
  const field = element.field === '' ? words.formatMessage({ id: 'rules.wire.unreadable.wholeElement' }) : element.field;
  if (element.value === null) return words.formatMessage({ id: 'rules.wire.unreadable.missing' }, { place, field });
  const value = element.value === '' ? words.formatMessage({ id: 'rules.wire.unreadable.emptyText' }) : element.value;
  return words.formatMessage({ id: 'rules.wire.unreadable.value' }, { place, field, value, problem: wordRule(words, element.message) });
}

/** Reads each of `values` with `element`: keeps what it reads, sets the others aside. */
export function readList<S extends z.ZodType>(element: S, values: readonly unknown[]): ReadList<z.output<S>> {
  const items: z.output<S>[] = [];
  const unreadable: UnreadableElement[] = [];
  values.forEach((value, index) => {
    const read = element.safeParse(value);
    if (read.success) items.push(read.data);
    else unreadable.push(setAside(index, value, read.error.issues[0]));
  });
  return { items, unreadable };
}

/** An array schema that keeps the elements `element` reads and sets the others aside. */
export function readableList<S extends z.ZodType>(element: S) {
  return z.array(z.unknown()).transform((values) => readList(element, values));
}
