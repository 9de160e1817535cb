import type { Pair } from '../../../shared/api/pair.ts';

/**
 * Filter as you type: every word must match the currency code or the type (crypto, fiat) of
 * either side, so "btc eur" narrows to the pairs between BTC and EUR, and "usdt fiat" to the
 * USDT pairs with a fiat currency. Case does not matter; a partial code matches ("usdt").
 */

export function filterWords(text: string): string[] {
  return text.trim().toLowerCase().split(/\s+/).filter(Boolean);
}

/** Each pair's lower-cased fields, made once per pair object, not once per keystroke. */
const fieldsOf = new WeakMap<Pair, readonly string[]>();

function searchable(pair: Pair): readonly string[] {
  let fields = fieldsOf.get(pair);
  if (!fields) {
    const { currency_from: from, currency_to: to } = pair;
    fields = [from.currency, from.type, to.currency, to.type].map((value) => value.toLowerCase());
    fieldsOf.set(pair, fields);
  }
  return fields;
}

export function pairMatches(pair: Pair, text: string): boolean {
  return matchesWords(pair, filterWords(text));
}

export function matchesWords(pair: Pair, words: readonly string[]): boolean {
  if (words.length === 0) return true;
  const fields = searchable(pair);
  return words.every((word) => fields.some((field) => field.includes(word)));
}

/**
 * The table's global filter: the words are split once per keystroke (resolveFilterValue), and the
 * check reads the whole row, so one filterable column answers for all (PairsTable.tsx).
 */
export const pairFilterFn = Object.assign((row: { original: Pair }, _columnId: string, words: readonly string[]) => matchesWords(row.original, words), {
  resolveFilterValue: (text: string) => filterWords(text),
});
