import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';
import { applyMutation, mutationOf } from './mutations.ts';
import type { Mutation } from './mutations.ts';

/**
 * Fuzzing of lists in answers: one element of a list in an answer (a pair, a fee, a transaction entry) is
 * mutated, and nothing else. The others must still arrive exactly, and the mutated one must either
 * be read or be set aside with its own index, field and value.
 */

export type Path = readonly (string | number)[];

const isContainer = (value: unknown): value is Record<string | number, unknown> => typeof value === 'object' && value !== null;

/** The value at `path`, or undefined where there is none. */
export function valueAt(value: unknown, path: Path): unknown {
  let current = value;
  for (const key of path) {
    if (!isContainer(current) || !Object.hasOwn(current, key)) return undefined;
    current = current[key];
  }
  return current;
}

/** The list at `path` in a body; throws when a sample has none there (a broken test, not a finding). */
export function listAt(body: unknown, path: Path): unknown[] {
  const list = valueAt(body, path);
  if (!Array.isArray(list)) throw new Error(`no list at ${path.join('.')}`);
  return list;
}

/** "currency_from.min_amount" or "items[2].id" back to a path. The schemas' own keys hold no dots or brackets. */
export function fieldPath(field: string): Path {
  if (field === '') return [];
  return field.split(/\.|(?=\[)/).map((part) => (/^\[\d+\]$/.test(part) ? Number(part.slice(1, -1)) : part));
}

export type ElementMutation = { index: number; mutation: Mutation; body: unknown };

/** The mutation moved under the element at `index` of the list at `listPath`. */
function underElement(mutation: Mutation, listPath: Path, index: number): Mutation {
  return { ...mutation, path: [...listPath, index, ...mutation.path] };
}

/**
 * `body` with one element of its list at `listPath` mutated: a field removed, changed or added, or
 * the element replaced whole. Never removed whole: that would shift every index after it.
 */
export function elementMutation(body: unknown, listPath: Path, values: Arbitrary<unknown>): Arbitrary<ElementMutation> {
  const list = listAt(body, listPath);
  if (list.length === 0) throw new Error(`the list at ${listPath.join('.')} is empty: nothing to mutate`);
  return fc
    .nat({ max: list.length - 1 })
    .chain((index) =>
      mutationOf(list[index], values)
        .filter((mutation) => !(mutation.kind === 'remove' && mutation.path.length === 0))
        .map((mutation) => ({ index, mutation, body: applyMutation(body, underElement(mutation, listPath, index)) })),
    );
}
