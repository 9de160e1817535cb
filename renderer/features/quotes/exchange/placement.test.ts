import { describe, expect, it } from 'vitest';
import type { Quote } from '../../../../shared/api/quote.ts';
import { exchangeVerb, placementOutcomeOf, refusalNote } from './placement.ts';

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
      expect(placementOutcomeOf(error), reason).toBe('refused');
      expect(refusalNote(error), reason).toMatch(words);
    }
  });

  it('names the exchange on the button with every digit, grouped for reading', () => {
    expect(exchangeVerb(quote)).toBe('Exchange 0.01 BTC for 612,345.12345678 EUR');
  });

  it('treats a lost or unreadable answer as unknown, and a clear no as refused', () => {
    expect(placementOutcomeOf({ kind: 'outcome_unknown', message: 'lost', foreignId: 'exch-1' })).toBe('unknown');
    expect(placementOutcomeOf({ kind: 'internal', message: 'main did not answer' })).toBe('unknown');
    expect(placementOutcomeOf({ kind: 'service', message: 'x', status: 503 })).toBe('unknown');
    expect(placementOutcomeOf({ kind: 'service', message: 'x', status: 409 })).toBe('refused');
    expect(placementOutcomeOf({ kind: 'validation', message: 'x', fields: { price: 'released' } })).toBe('refused');
    expect(placementOutcomeOf({ kind: 'network', message: 'refused' })).toBe('refused');
    expect(placementOutcomeOf({ kind: 'invalid_request', message: 'sent already', fields: {} })).toBe('refused');
  });

  it('agrees with the journal: an internal error is unknown unless main says nothing was sent; a person\'s no is refused', () => {
    expect(placementOutcomeOf({ kind: 'internal', message: 'failed before sending', sent: false })).toBe('refused');
    expect(placementOutcomeOf({ kind: 'not_confirmed', message: 'nobody said yes' })).toBe('refused');
    expect(placementOutcomeOf({ kind: 'unexpected_response', message: 'x', field: '(body)', status: 200 })).toBe('unknown');
  });

  it('says in plain words that a foreign id sent before was not sent again, and that the earlier one may exist', () => {
    const alreadySent = { kind: 'already_sent', message: 'The exchange with foreign id exch-1 was already sent in this session, so it is not sent again.', foreignId: 'exch-1' } as const;
    // This try sent nothing: the dialog offers a new exchange with a new foreign id, not "outcome unknown".
    expect(placementOutcomeOf(alreadySent)).toBe('refused');
    expect(refusalNote(alreadySent)).toBe('Nothing was sent this time. The exchange with foreign id exch-1 was sent before and may have been placed: look it up before placing another.');
    expect(refusalNote({ kind: 'validation', message: 'x', fields: { price: 'released' } })).toBe('Nothing was placed. To try again, get a new quote: it places a new exchange with a new foreign id.');
    // A no in main's native confirmation: nothing happened, and the quote it was at is used up.
    expect(placementOutcomeOf({ kind: 'not_confirmed', message: 'Place exchange: nothing was done' })).not.toBe('unknown');
    expect(refusalNote({ kind: 'not_confirmed', message: 'x' })).toMatch(/^Nothing was placed, because it was not confirmed.*get a new quote/);
  });
});
