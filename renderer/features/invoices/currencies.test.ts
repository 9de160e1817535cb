import { describe, expect, it } from 'vitest';
import type { Pair } from '../../../shared/api/pair.ts';
import { amountPlaces, currencyOptions, paymentCurrencies } from './currencies.ts';

const pair = (from: string, fromType: string, to: string, toType: string): Pair => ({
  currency_from: { currency: from, type: fromType },
  currency_to: { currency: to, type: toType },
  rate_from: '1',
  rate_to: '1',
});

const pairs = [
  pair('BTC', 'crypto', 'EUR', 'fiat'),
  pair('ETH', 'crypto', 'EUR', 'fiat'),
  pair('EUR', 'fiat', 'BTC', 'crypto'),
  pair('XRP', 'crypto', 'BTC', 'crypto'),
  pair('ETH', 'crypto', 'USD', 'fiat'),
];

describe('currencies from the pairs list', () => {
  it('lists each currency once, fiat first', () => {
    expect(currencyOptions(pairs).map((c) => c.code)).toEqual(['EUR', 'USD', 'BTC', 'ETH', 'XRP']);
  });

  it('offers as payment currency the crypto currencies that exchange into the invoice currency', () => {
    expect(paymentCurrencies(pairs, 'EUR')).toEqual(['BTC', 'ETH']);
    expect(paymentCurrencies(pairs, 'BTC')).toEqual(['XRP']); // EUR is fiat: not a payment currency
    expect(paymentCurrencies(pairs, 'GBP')).toEqual([]);
  });

  it('gives fiat 2 decimal places and crypto 8', () => {
    const options = currencyOptions(pairs);
    expect(amountPlaces(options, 'EUR')).toBe(2);
    expect(amountPlaces(options, 'BTC')).toBe(8);
    expect(amountPlaces(options, 'unknown')).toBe(8);
  });
});
