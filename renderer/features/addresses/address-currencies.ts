import type { Pair } from '../../../shared/api/pair.ts';

/**
 * What a deposit address can be taken in, and converted into on arrival, read from the pairs list
 * (a reference only, spec 2.5): a customer pays in crypto, so the address's currency is a crypto
 * currency the list names; what arrives may be converted into any currency a pair from it reaches.
 */

/** Every crypto currency the list names, A to Z. */
export function depositCurrencies(pairs: readonly Pair[]): string[] {
  const codes = new Set<string>();
  for (const pair of pairs) {
    for (const side of [pair.currency_from, pair.currency_to]) if (side.type === 'crypto') codes.add(side.currency);
  }
  return [...codes].sort((a, b) => a.localeCompare(b));
}

/** The currencies a pair from `currency` reaches: what arrives may be converted into, A to Z. */
export function conversionsFrom(pairs: readonly Pair[], currency: string): string[] {
  const codes = new Set<string>();
  for (const pair of pairs) {
    if (pair.currency_from.currency === currency && pair.currency_to.currency !== currency) codes.add(pair.currency_to.currency);
  }
  return [...codes].sort((a, b) => a.localeCompare(b));
}
