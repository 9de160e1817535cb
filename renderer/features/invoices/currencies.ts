import type { Pair } from '../../../shared/api/pair.ts';
import { currencyPlaces } from '../../../shared/money/precision.ts';

/**
 * The currencies an invoice can be in, and the payment currencies a customer can pay it with, read
 * from the pairs list (spec 2.5: a reference only, never used for pricing here).
 */

export type CurrencyOption = { code: string; kind: 'crypto' | 'fiat' | 'other' };

const kindOf = (type: string): CurrencyOption['kind'] => (type === 'crypto' || type === 'fiat' ? type : 'other');

/** Every currency that appears in a pair, once: fiat first (most invoices), then crypto, A to Z. */
export function currencyOptions(pairs: readonly Pair[]): CurrencyOption[] {
  const byCode = new Map<string, CurrencyOption>();
  for (const pair of pairs) {
    for (const side of [pair.currency_from, pair.currency_to]) {
      if (!byCode.has(side.currency)) byCode.set(side.currency, { code: side.currency, kind: kindOf(side.type) });
    }
  }
  const order = { fiat: 0, crypto: 1, other: 2 };
  return [...byCode.values()].sort((a, b) => order[a.kind] - order[b.kind] || a.code.localeCompare(b.code));
}

/** Crypto currencies that can be exchanged into `currency`: what the customer may be asked to pay in. */
export function paymentCurrencies(pairs: readonly Pair[], currency: string): string[] {
  const codes = new Set<string>();
  for (const pair of pairs) {
    if (pair.currency_to.currency === currency && pair.currency_from.type === 'crypto' && pair.currency_from.currency !== currency) {
      codes.add(pair.currency_from.currency);
    }
  }
  return [...codes].sort((a, b) => a.localeCompare(b));
}

/** Decimal places an amount in this currency may have: the one rule of shared/money/precision.ts, by the kind the service gave. */
export function amountPlaces(options: readonly CurrencyOption[], currency: string): number {
  return currencyPlaces(currency, options.find((option) => option.code === currency)?.kind);
}
