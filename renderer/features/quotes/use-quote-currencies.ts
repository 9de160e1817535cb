import { useMemo } from 'react';
import type { Pair } from '../../../shared/api/pair.ts';
import { useCurrencySource } from '../../components/currency/use-currency-source.ts';

/**
 * The currencies the quote form offers, from the one pairs list every screen shares (spec 4.3). The
 * list is a reference only (spec 2.5): its rates are never shown here as a price; only
 * exchange/calculate prices. When the list is stale, incomplete or missing, codes may be typed
 * by hand: the quote itself never depended on the list.
 */

export type QuoteCurrencies = { from: string[]; to: string[] };

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
  for (const pair of pairs) {
    from.add(pair.currency_from.currency);
    to.add(pair.currency_to.currency);
  }
  return { from: [...from].sort(), to: [...to].sort() };
}
