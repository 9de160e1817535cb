import { describe, expect, it } from 'vitest';
import type { AppError } from '../../../../shared/ipc/errors.ts';
import type { ExchangeState, ReviewedQuote } from './exchange-machine.ts';
import { exchangeReducer, mayConfirm, openExchange } from './exchange-machine.ts';
import { orderAt, quote } from './testing/placed-quote.ts';

const T = Date.UTC(2026, 10, 26, 10);

const first: ReviewedQuote = { quote, quoteId: 'quote-1', releaseAt: T + 59_000 };
const second: ReviewedQuote = { quote: { ...quote, price: '61300.1' }, quoteId: 'quote-2', releaseAt: T + 120_000 };

const order = orderAt('exch-1');

const review = (live = false) => openExchange({ at: first, foreignId: 'exch-1', live, now: T });
/** Confirmed from the review a second after it opened (on a live profile too, after a new quote). */
const placing = (live = false) => exchangeReducer({ phase: 'review', at: first, foreignId: 'exch-1', live, refusal: null }, { type: 'confirm', now: T + 1_000 });
const fail = (state: ExchangeState, error: AppError) => exchangeReducer(state, { type: 'failed', error, nextForeignId: 'exch-2' });

const lost: AppError = { kind: 'outcome_unknown', message: 'No answer came within 30 s.', foreignId: 'exch-1' };
const refusedByService: AppError = { kind: 'validation', message: 'The service refused the request.', fields: { price: 'released' } };
const usedQuote: AppError = { kind: 'quote_unavailable', reason: 'used', message: 'This quote was already used for an exchange.' };
const notConfirmed: AppError = { kind: 'not_confirmed', message: 'Place exchange: nothing was done.' };
const sentBefore: AppError = { kind: 'already_sent', message: 'The exchange with foreign id exch-1 was already sent.', foreignId: 'exch-1', decision: 'duplicate' };
/** What the review keeps of a try main decided was `decision`: the error, and the foreign id that try carried. */
const refusalOf = (error: AppError, decision: 'duplicate' | 'not_carried_out' = 'not_carried_out') => ({ error, decision, foreignId: 'exch-1' });

describe('opening the exchange review', () => {
  it('shows the review on a test profile, placing nothing until the person confirms', () => {
    expect(review()).toEqual({ phase: 'review', at: first, foreignId: 'exch-1', live: false, refusal: null });
    expect(mayConfirm(review(), T)).toBe(true);
  });

  it('on a live profile is already placing: main asks the person in its own window, the review asks nothing', () => {
    expect(review(true)).toEqual({ phase: 'placing', at: first, foreignId: 'exch-1', live: true, asks: 'main', sentAt: T });
  });

  it('on a live profile with a quote already released, places nothing and shows the review', () => {
    const late = openExchange({ at: first, foreignId: 'exch-1', live: true, now: first.releaseAt });
    expect(late).toMatchObject({ phase: 'review', refusal: null });
    expect(mayConfirm(late, first.releaseAt)).toBe(false);
  });
});

describe('confirming', () => {
  it('places at the reviewed quote, once: a second click while placing changes nothing', () => {
    const sent = placing();
    expect(sent).toEqual({ phase: 'placing', at: first, foreignId: 'exch-1', live: false, asks: 'nobody', sentAt: T + 1_000 });
    expect(exchangeReducer(sent, { type: 'confirm', now: T + 1_001 })).toBe(sent);
  });

  it('on a live profile, a confirm from the review is also asked by main', () => {
    expect(placing(true)).toMatchObject({ phase: 'placing', asks: 'main' });
  });

  it('is refused once the quote is released on main’s clock, to the millisecond', () => {
    expect(exchangeReducer(review(), { type: 'confirm', now: first.releaseAt - 1 })).toMatchObject({ phase: 'placing' });
    expect(exchangeReducer(review(), { type: 'confirm', now: first.releaseAt })).toEqual(review());
  });

  it('does nothing once the exchange was placed or its outcome is unknown', () => {
    const placed = exchangeReducer(placing(), { type: 'placed', order });
    const unknown = fail(placing(), lost);
    expect(exchangeReducer(placed, { type: 'confirm', now: T + 2_000 })).toBe(placed);
    expect(exchangeReducer(unknown, { type: 'confirm', now: T + 2_000 })).toBe(unknown);
  });
});

describe('how a placement ends', () => {
  it('placed: the order, placed at the moment it was sent', () => {
    expect(exchangeReducer(placing(), { type: 'placed', order })).toEqual({ phase: 'placed', outcome: { kind: 'placed', order, placedAt: T + 1_000 } });
  });

  it('an answer for no placement in flight is ignored', () => {
    expect(exchangeReducer(review(), { type: 'placed', order })).toEqual(review());
    expect(fail(review(), refusedByService)).toEqual(review());
  });

  it('unknown: a lost answer, or main failing without saying nothing was sent; the foreign id is kept to look up', () => {
    const expected = { phase: 'unknown', outcome: { kind: 'unknown', foreignId: 'exch-1', quote, message: lost.message, at: T + 1_000 } };
    expect(fail(placing(), lost)).toEqual(expected);
    expect(fail(placing(), { kind: 'internal', message: 'main failed' })).toMatchObject({ phase: 'unknown', outcome: { foreignId: 'exch-1' } });
    expect(fail(placing(), { kind: 'service', message: 'bad gateway', status: 502 })).toMatchObject({ phase: 'unknown' });
  });

  it('a clear no: back to the review with the refusal, the quote spent, and a new foreign id for another try', () => {
    const refused = fail(placing(), refusedByService);
    expect(refused).toEqual({ phase: 'review', at: first, foreignId: 'exch-2', live: false, refusal: refusalOf(refusedByService) });
    expect(mayConfirm(refused, T + 2_000)).toBe(false);
    expect(exchangeReducer(refused, { type: 'confirm', now: T + 2_000 })).toBe(refused);
  });

  it('a used quote: refused with main’s reason, and nothing is offered at that quote again', () => {
    const refused = fail(placing(), usedQuote);
    expect(refused).toMatchObject({ phase: 'review', refusal: { error: { kind: 'quote_unavailable', reason: 'used' }, decision: 'not_carried_out' } });
    expect(mayConfirm(refused, T + 2_000)).toBe(false);
  });

  it('a no in main’s window on a live profile: nothing placed, back to the review', () => {
    expect(fail(review(true), notConfirmed)).toEqual({ phase: 'review', at: first, foreignId: 'exch-2', live: true, refusal: refusalOf(notConfirmed) });
  });
});

describe('main’s decision on a failed placement decides where the dialog goes', () => {
  it('outcome unknown: to the unknown outcome, even on an error that alone would read as nothing sent', () => {
    const cut: AppError = { kind: 'network', message: 'The connection was lost.', decision: 'outcome_unknown' };
    expect(fail(placing(), cut)).toEqual({ phase: 'unknown', outcome: { kind: 'unknown', foreignId: 'exch-1', quote, message: cut.message, at: T + 1_000 } });
  });

  it('not carried out: back to the review, even on an error that alone would read as unknown', () => {
    const beforeSending: AppError = { kind: 'internal', message: 'Main failed before sending.', decision: 'not_carried_out' };
    expect(fail(placing(), beforeSending)).toEqual({ phase: 'review', at: first, foreignId: 'exch-2', live: false, refusal: refusalOf(beforeSending) });
  });

  it('duplicate: back to the review with the foreign id used before, to look up, and a new one for another try', () => {
    const taken: AppError = { kind: 'validation', message: 'The service refused the request.', fields: { foreign_id: 'has already been taken' }, decision: 'duplicate' };
    for (const error of [sentBefore, taken]) {
      const refused = fail(placing(), error);
      expect(refused, error.kind).toEqual({ phase: 'review', at: first, foreignId: 'exch-2', live: false, refusal: refusalOf(error, 'duplicate') });
      expect(mayConfirm(refused, T + 2_000)).toBe(false);
    }
  });

  it('an error main did not decide (the bridge’s own) is decided by the same rule: no answer from main is unknown', () => {
    expect(fail(placing(), { kind: 'internal', message: 'The main process did not answer. Try again.' })).toMatchObject({ phase: 'unknown' });
  });
});

describe('a new quote while the review is open', () => {
  it('replaces the reviewed one, keeping the foreign id no try has carried yet', () => {
    expect(exchangeReducer(review(), { type: 'quoteReplaced', at: second })).toEqual({ ...review(), at: second });
  });

  it('the same quote again changes nothing', () => {
    const state = review();
    expect(exchangeReducer(state, { type: 'quoteReplaced', at: { ...first } })).toBe(state);
  });

  it('after a refusal or a release, is what makes the exchange possible again', () => {
    const refused = fail(placing(), usedQuote);
    const renewed = exchangeReducer(refused, { type: 'quoteReplaced', at: second });
    expect(renewed).toEqual({ phase: 'review', at: second, foreignId: 'exch-2', live: false, refusal: null });
    expect(mayConfirm(renewed, first.releaseAt + 1)).toBe(true);
    expect(exchangeReducer(renewed, { type: 'confirm', now: first.releaseAt + 1 })).toMatchObject({ phase: 'placing', at: { quoteId: 'quote-2' }, foreignId: 'exch-2' });
  });

  it('does not touch a placement in flight or one that ended: each stays with the quote it was sent at', () => {
    const sent = placing();
    const placed = exchangeReducer(sent, { type: 'placed', order });
    const unknown = fail(placing(), lost);
    for (const state of [sent, placed, unknown]) expect(exchangeReducer(state, { type: 'quoteReplaced', at: second })).toBe(state);
  });
});
