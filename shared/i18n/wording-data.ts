import { CATALOGUES } from './catalogues.ts';
import type { MessageId } from './catalogues.ts';
import { messageArguments } from './message-arguments.ts';
import type { Wording } from './words.ts';

/**
 * A message's words kept as data (a catalogue id and its values) and read back from where others
 * may have written them: a team journal's rows come from other people's desktops and logins, of this
 * version or another. So a wording read back is checked as untrusted input before it is worded: its
 * size, its shape, an id the catalogues have, and the values its message needs, each of the kind it
 * needs. Anything else is no wording (null), and the reader shows what it kept beside it instead.
 */

/** What a message needs from its caller: its arguments' names, and which of them must be numbers (plurals, numbers, dates). */
export type MessageNeed = { name: string; number: boolean };

const needs = new Map<MessageId, MessageNeed[]>();

/** Read once from the English catalogue, the source, which every translation must match (catalogues.test.ts). */
export function messageNeeds(id: MessageId): MessageNeed[] {
  let found = needs.get(id);
  if (found === undefined) {
    found = messageArguments(CATALOGUES.en[id]).flatMap((argument) => {
      if (argument.startsWith('<')) return [];
      const [name = '', kind = ''] = argument.split(':');
      return [{ name, number: kind === 'plural' || kind === 'number' || kind === 'date' || kind === 'time' }];
    });
    needs.set(id, found);
  }
  return found;
}

/**
 * Whether `values` hold every value the message `id` needs, each of the kind it needs: a number where
 * it is counted or formatted as one, a text or a number elsewhere (`nested`: whether a value may also
 * be a message of its own, worded first).
 */
export function hasNeededValues(id: MessageId, values: Readonly<Record<string, unknown>>, nested = false): boolean {
  return messageNeeds(id).every(({ name, number }) => {
    if (!Object.hasOwn(values, name)) return false;
    const value = values[name];
    if (typeof value === 'number') return Number.isFinite(value);
    if (number) return false;
    return typeof value === 'string' || (nested && typeof value === 'object' && value !== null);
  });
}

/** Whether `id` names a message of the catalogues (own keys only: never `constructor` or `__proto__`). */
export const isMessageId = (id: unknown): id is MessageId => typeof id === 'string' && Object.hasOwn(CATALOGUES.en, id);

/** The most characters a kept wording's JSON may have, the deepest nesting, and the most values in all. */
export const WORDING_CHARS = 4096;
export const WORDING_DEPTH = 4;
const WORDING_VALUES = 64;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A wording as data, checked (above); null when it is not one this app can word. */
export function readWording(data: unknown): Wording | null {
  let count = 0;
  const read = (value: unknown, depth: number): Wording | null => {
    if (depth > WORDING_DEPTH || !isRecord(value)) return null;
    if (Object.keys(value).some((key) => key !== 'id' && key !== 'values')) return null;
    const { id, values } = value;
    if (!isMessageId(id)) return null;
    if (values === undefined) return hasNeededValues(id, {}) ? { id } : null;
    if (!isRecord(values)) return null;
    const out: Record<string, string | number | Wording> = {};
    for (const [name, item] of Object.entries(values)) {
      count += 1;
      if (count > WORDING_VALUES) return null;
      if (typeof item === 'string' || (typeof item === 'number' && Number.isFinite(item))) out[name] = item;
      else {
        const inner = read(item, depth + 1);
        if (inner === null) return null;
        out[name] = inner;
      }
    }
    return hasNeededValues(id, out, true) ? { id, values: out } : null;
  };
  return read(data, 1);
}

/** A wording as a column keeps it: its JSON. */
export const wordingText = (wording: Wording): string => JSON.stringify(wording);

/** A column's JSON read back as a wording (readWording), or null: absent, too long, not JSON, or not a wording this app can word. */
export function wordingOfText(text: unknown): Wording | null {
  if (typeof text !== 'string' || text.length > WORDING_CHARS) return null;
  try {
    return readWording(JSON.parse(text));
  } catch {
    return null;
  }
}
