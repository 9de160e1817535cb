import { z } from 'zod';
import { stringifyJson } from '../money/json.ts';
import { issuePath, plainProblem } from './parse.ts';

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
  /** What is wrong with it, in the schema's plain words. */
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

/** "expected string or number" where zod says only "Invalid input" of a field that may be either. */
function problemOf(issue: z.core.$ZodIssue | undefined): string {
  if (issue?.code === 'invalid_union' && issue.errors.length > 0) {
    const expected = issue.errors.flatMap((errors) => (errors[0]?.code === 'invalid_type' ? [errors[0].expected] : []));
    if (expected.length === issue.errors.length) return `expected ${expected.join(' or ')}`;
  }
  return plainProblem(issue?.message ?? '');
}

function setAside(index: number, element: unknown, issue: z.core.$ZodIssue | undefined): UnreadableElement {
  const path = issue?.path ?? [];
  const value = receivedText(valueAt(element, path));
  const message = value === null ? 'is missing' : problemOf(issue);
  return { index, field: issuePath(path), value, message };
}

/**
 * One element set aside, in the words every screen and report uses: its place in the answer (from
 * 1), the field and the value as received. "#3 unreadable: rate_to = 1,5 (is not a decimal amount)".
 */
export function describeUnreadable(element: UnreadableElement): string {
  const field = element.field === '' ? 'the whole element' : element.field;
  if (element.value === null) return `#${element.index + 1} unreadable: ${field} is missing`;
  const value = element.value === '' ? '(empty text)' : element.value;
  return `#${element.index + 1} unreadable: ${field} = ${value} (${element.message})`;
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
