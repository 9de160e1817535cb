import { describe, expect, it } from 'vitest';
import type { Quote } from '../../../../shared/api/quote.ts';
import { exchangeVerb, refusalNote } from './placement.ts';
import { english } from '../../../testing/intl.ts';

const quote: Quote = {
  sender_currency: 'BTC',
  sender_amount: '0.01',
  receiver_currency: 'EUR',
  receiver_amount: '612345.12345678',
  fee_currency: 'BTC',
  fee_amount: '0.00010000',
  price: '61234512.345678',
  ts_fixed: 1_564_293_159,
  ts_release: 1_564_293_219,
  fix_period: 60,
};

describe('placing a quote', () => {
  it('says which quote main would not place, and that a new quote is the way on; nothing was sent', () => {
    for (const [reason, words] of [
      ['used', /^Nothing was placed: this quote was already used.*Get a new quote/],
      ['released', /^Nothing was placed: this quote expired.*Get a new quote/],
      ['unknown', /^Nothing was placed: the app no longer holds this quote.*Get a new quote/],
    ] as const) {
      const error = { kind: 'quote_unavailable', reason, message: 'x' } as const;
      expect(refusalNote(english, error), reason).toMatch(words);
    }
  });

  it('names the exchange on the button with every digit, at each currency’s places, grouped for reading', () => {
    expect(exchangeVerb(english, quote)).toBe('Exchange 0.01000000 BTC for 612,345.12345678 EUR');
    expect(exchangeVerb(english, { ...quote, receiver_amount: '612345.10000000' })).toBe('Exchange 0.01000000 BTC for 612,345.10 EUR');
  });

  it('says what nothing carried out means: a new quote, with a new foreign id, is the way on', () => {
    expect(refusalNote(english, { kind: 'validation', message: 'x', fields: { price: 'released' } })).toBe('Nothing was placed. To try again, get a new quote: it places a new exchange with a new foreign id.');
    // A no in main's native confirmation: nothing happened, and the quote it was at is used up.
    expect(refusalNote(english, { kind: 'not_confirmed', message: 'x' })).toMatch(/^Nothing was placed, because it was not confirmed.*get a new quote/);
  });
});
