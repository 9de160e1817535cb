import { describe, expect, it } from 'vitest';
import type { Pair } from '../../../shared/api/pair.ts';
import { conversionsFrom, depositCurrencies } from './address-currencies.ts';

const pair = (from: string, fromType: string, to: string, toType: string): Pair => ({
  currency_from: { currency: from, type: fromType },
  currency_to: { currency: to, type: toType },
  rate_from: '1',
  rate_to: '1',
});
const pairs = [pair('BTC', 'crypto', 'EUR', 'fiat'), pair('XRP', 'crypto', 'EUR', 'fiat'), pair('BTC', 'crypto', 'USDTTRC20', 'crypto'), pair('EUR', 'fiat', 'ETH', 'crypto')];

describe('the deposit address form’s currencies', () => {
  it('offers every crypto currency the list names, from either side, A to Z', () => {
    expect(depositCurrencies(pairs)).toEqual(['BTC', 'ETH', 'USDTTRC20', 'XRP']);
    expect(depositCurrencies([])).toEqual([]);
  });

  it('offers as conversions what a pair from the chosen currency reaches', () => {
    expect(conversionsFrom(pairs, 'BTC')).toEqual(['EUR', 'USDTTRC20']);
    expect(conversionsFrom(pairs, 'ETH')).toEqual([]);
  });
});
