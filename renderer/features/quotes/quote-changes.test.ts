import { describe, expect, it } from 'vitest';
import { quote } from './exchange/testing/placed-quote.ts';
import { changeWords, quoteChanges, renewalWords } from './quote-changes.ts';
import { english } from '../../testing/intl.ts';

/** The quote the exchange tests place: 0.01 BTC for 612.34512345 EUR at 61,234.512345. */
const before = quote;

describe('what a renewed quote changed', () => {
  it('names each figure that moved, with its value before and which way', () => {
    const after = { ...before, receiver_amount: '610.00000000', price: '61000.00000000', ts_fixed: 1_700_000_060 };
    expect(quoteChanges(before, after)).toEqual({
      receiver_amount: { was: '612.34512345', way: 'down' },
      price: { was: '61234.512345', way: 'down' },
    });
    expect(quoteChanges(before, { ...before, price: '61300' })).toEqual({ price: { was: '61234.512345', way: 'up' } });
  });

  it('is nothing when only the time moved, or the same value is written otherwise', () => {
    expect(quoteChanges(before, { ...before, ts_fixed: 1_700_000_060, sender_amount: '0.01000000' })).toEqual({});
  });

  it('is nothing between quotes of different pairs', () => {
    expect(quoteChanges(before, { ...before, receiver_currency: 'USD', price: '1' })).toEqual({});
  });

  it('says the change in words, at each currency’s places, beside the figure and aloud', () => {
    const after = { ...before, price: '61300.1' };
    const changes = quoteChanges(before, after);
    expect(changeWords(english, after, 'price', { was: '61234.512345', way: 'up' })).toBe('up from 61,234.512345 EUR');
    expect(renewalWords(english, after, changes)).toBe('New quote: price up from 61,234.512345 EUR to 61,300.10 EUR.');
    expect(renewalWords(english, after, {})).toBeNull();
  });
});
