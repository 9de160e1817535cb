import { describe, expect, it } from 'vitest';
import type { Pair } from '../../../shared/api/pair.ts';
import { filterWords, pairFilterFn, pairMatches } from './pair-filter.ts';

const pair = (from: string, fromType: string, to: string, toType: string): Pair => ({
  currency_from: { currency: from, type: fromType },
  currency_to: { currency: to, type: toType },
  rate_from: '1',
  rate_to: '2',
});

const btcEur = pair('BTC', 'crypto', 'EUR', 'fiat');
const eurBtc = pair('EUR', 'fiat', 'BTC', 'crypto');
const usdtEth = pair('USDTERC20', 'crypto', 'ETH', 'crypto');

describe('the pair filter', () => {
  it('lets everything through when empty or blank', () => {
    expect(pairMatches(btcEur, '')).toBe(true);
    expect(pairMatches(btcEur, '   ')).toBe(true);
  });

  it('matches a code on either side, in any case, and in part', () => {
    expect(pairMatches(btcEur, 'eur')).toBe(true);
    expect(pairMatches(eurBtc, 'EUR')).toBe(true);
    expect(pairMatches(usdtEth, 'usdt')).toBe(true);
    expect(pairMatches(btcEur, 'usdt')).toBe(false);
  });

  it('matches a type', () => {
    expect(pairMatches(btcEur, 'fiat')).toBe(true);
    expect(pairMatches(usdtEth, 'fiat')).toBe(false);
  });

  it('needs every word to match, so two codes narrow to the pairs between them', () => {
    expect(pairMatches(btcEur, 'btc eur')).toBe(true);
    expect(pairMatches(eurBtc, 'eur  btc')).toBe(true);
    expect(pairMatches(usdtEth, 'eth eur')).toBe(false);
  });

  it('splits on any whitespace and ignores the ends', () => {
    expect(filterWords('  Btc\tEUR ')).toEqual(['btc', 'eur']);
  });
});

describe('pairFilterFn (the table\'s global filter)', () => {
  it('splits the words once and checks the whole row', () => {
    const words = pairFilterFn.resolveFilterValue('  BTC   eur ');
    expect(words).toEqual(['btc', 'eur']);
    expect(pairFilterFn({ original: btcEur }, 'from', words)).toBe(true);
    expect(pairFilterFn({ original: usdtEth }, 'from', words)).toBe(false);
    expect(pairFilterFn({ original: pair('USDTTRC20', 'crypto', 'GBP', 'fiat') }, 'from', pairFilterFn.resolveFilterValue('fiat usdt'))).toBe(true);
  });
});
