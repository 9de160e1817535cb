import { z } from 'zod';

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
