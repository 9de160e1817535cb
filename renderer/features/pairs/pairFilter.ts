import type { Pair } from '../../../shared/api/pair.ts';

/**
 * Filter as you type: every word must match the currency code or the type (crypto, fiat) of
 * either side, so "btc eur" narrows to the pairs between BTC and EUR, and "usdt fiat" to the
 * USDT pairs with a fiat currency. Case does not matter; a partial code matches ("usdt").
 */

export function filterWords(text: string): string[] {
  return text.trim().toLowerCase().split(/\s+/).filter(Boolean);
}

function searchable(pair: Pair): string[] {
  const { currency_from: from, currency_to: to } = pair;
  return [from.currency, from.type, to.currency, to.type].map((value) => value.toLowerCase());
}

export function pairMatches(pair: Pair, text: string): boolean {
  return matchesWords(pair, filterWords(text));
}

function matchesWords(pair: Pair, words: readonly string[]): boolean {
  if (words.length === 0) return true;
  const fields = searchable(pair);
  return words.every((word) => fields.some((field) => field.includes(word)));
}

/**
 * The pairs that pass the filter, in one pass with the words split once: at 10,000 pairs a
 * keystroke costs one check per pair (the table library's global filter asked once per column).
 */
export function filterPairs(pairs: Pair[], text: string): Pair[] {
  const words = filterWords(text);
  return words.length === 0 ? pairs : pairs.filter((pair) => matchesWords(pair, words));
}
