import { useMemo } from 'react';
import type { Pair } from '../../../shared/api/pair.ts';
import { currencyPlaces } from '../../../shared/money/precision.ts';
import { useCurrencySource } from '../../components/currency/use-currency-source.ts';

/**
 * The currencies the quote form offers, from the one pairs list every screen shares (spec 4.3). The
 * list is a reference only (spec 2.5): its rates are never shown here as a price; only
 * exchange/calculate prices. When the list is stale, incomplete or missing, codes may be typed
 * by hand: the quote itself never depended on the list.
 */

/** `kinds`: each code's type as the pairs give it (`fiat`, `crypto`), which sets the places its amounts take. */
export type QuoteCurrencies = { from: string[]; to: string[]; kinds?: Readonly<Record<string, string>> };

export function useQuoteCurrencies() {
  const currencies = useCurrencySource();
  const { pairs } = currencies.source;
  const codes = useMemo(() => currenciesOf(pairs), [pairs]);
  return { ...currencies, codes };
}

/**
 * Every code seen on each side, sorted. The receiving list is not narrowed to the chosen sending
 * currency: the form checks "two different currencies" itself, and the service says plainly when a
 * pair is not offered, next to the field.
 */
export function currenciesOf(pairs: readonly Pair[]): QuoteCurrencies {
  const from = new Set<string>();
  const to = new Set<string>();
  const kinds: Record<string, string> = {};
  for (const pair of pairs) {
    from.add(pair.currency_from.currency);
    to.add(pair.currency_to.currency);
    for (const side of [pair.currency_from, pair.currency_to]) kinds[side.currency] ??= side.type;
  }
  return { from: [...from].sort(), to: [...to].sort(), kinds };
}

/** The places an amount in `code` takes (shared/money/precision.ts), by its type in the pairs when they list it, else by its code. */
export function placesIn(currencies: QuoteCurrencies): (code: string) => number {
  return (code) => currencyPlaces(code, currencies.kinds?.[code]);
}
