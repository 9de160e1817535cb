import { describe, expect, it } from 'vitest';
import type { ExchangeOrder } from '../../../../shared/api/exchange.ts';
import { spentByFailure, spentByPlacement } from './spent-quote.ts';
import { english } from '../../../testing/intl.ts';

// The quote card's one line next to its disabled exchange button, for each way a placement settles.

describe('a spent quote', () => {
  it('names the order placed from it', () => {
    expect(spentByPlacement(english, 'q-1', { id: 826902 } as ExchangeOrder)).toEqual({ quoteId: 'q-1', why: 'Used for exchange order 826902.' });
  });

  it('says why main would refuse it again, shortly', () => {
    const why = (error: Parameters<typeof spentByFailure>[2]) => spentByFailure(english, 'q-1', error).why;
    expect(why({ kind: 'quote_unavailable', reason: 'used', message: 'A long paragraph.' })).toBe('Already used for an exchange.');
    expect(why({ kind: 'quote_unavailable', reason: 'released', message: 'A long paragraph.' })).toBe('Expired before it could be placed.');
    expect(why({ kind: 'quote_unavailable', reason: 'unknown', message: 'A long paragraph.' })).toBe('No longer held by the app.');
    expect(why({ kind: 'not_confirmed', message: 'A long paragraph.' })).toBe('Used up: the exchange was not confirmed.');
    expect(why({ kind: 'outcome_unknown', message: 'No answer came back.', foreignId: 'exch-1' })).toBe('Used for an exchange whose outcome is unknown.');
    expect(why({ kind: 'network', message: 'Could not talk to the service.' })).toBe('Used up by the last try, which placed nothing.');
  });
});
