import { describe, expect, it } from 'vitest';
import type { Quote, QuoteRequest } from '../../shared/api/index.ts';
import { createHeldQuotes, fixedExchangeRequestAt, HELD_QUOTES_PER_PROFILE, releaseOnMainClock } from './held-quotes.ts';

// The rules of quotes/held-quotes.ts on their own; the placement through the real router and sandbox
// is services/placement-replay.test.ts.

const T0 = Date.UTC(2026, 10, 23, 9);

const quote = (overrides: Partial<Quote> = {}): Quote => ({
  sender_currency: 'BTC',
  sender_amount: '0.01000000',
  receiver_currency: 'EUR',
  receiver_amount: '600.00123456',
  fee_currency: 'BTC',
  fee_amount: '0.0001',
  price: '60000.12345600',
  ts_fixed: 1_700_000_000,
  ts_release: 1_700_000_060,
  fix_period: 60,
  ...overrides,
});

const sending: QuoteRequest = { sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '0.01' };
const receiving: QuoteRequest = { sender_currency: 'BTC', receiver_currency: 'EUR', receiver_amount: '600' };

function store() {
  let time = T0;
  let ids = 0;
  const held = createHeldQuotes(
    () => time,
    () => `quote-${(ids += 1)}`,
  );
  return { held, at: (value: number) => void (time = value) };
}

describe('held quotes', () => {
  it('give each quote an id of main’s own, and place it once', () => {
    const { held } = store();
    const { quoteId } = held.hold('p1', quote(), sending, T0);
    expect(held.take('p1', quoteId)).toMatchObject({ ok: true, quote: { quoteId, price: '60000.12345600', senderAmount: '0.01000000' } });
    expect(held.take('p1', quoteId)).toEqual({ ok: false, reason: 'used', message: expect.stringMatching(/^This quote was already used.*Nothing was sent/) });
  });

  it('refuse an id main never gave out, and another profile’s, as unknown', () => {
    const { held } = store();
    const { quoteId } = held.hold('p1', quote(), sending, T0);
    expect(held.take('p1', 'quote-invented')).toMatchObject({ ok: false, reason: 'unknown', message: expect.stringContaining('Nothing was sent') });
    expect(held.take('p2', quoteId)).toMatchObject({ ok: false, reason: 'unknown' });
    expect(held.take('p1', quoteId)).toMatchObject({ ok: true });
  });

  it('are released on main’s clock, from the send, one second short of the service’s fixed period', () => {
    const { held, at } = store();
    const sentAt = T0 - 2_000;
    expect(releaseOnMainClock(quote(), sentAt)).toBe(sentAt + 59_000);
    // However far the service's clock is from this one, and never before the call was sent.
    expect(releaseOnMainClock({ ts_fixed: 100, ts_release: 160 }, sentAt)).toBe(sentAt + 59_000);
    expect(releaseOnMainClock({ ts_fixed: 160, ts_release: 160 }, sentAt)).toBe(sentAt);
    const late = held.hold('p1', quote(), sending, sentAt);
    expect(late.releaseAt).toBe(sentAt + 59_000);
    const inTime = held.hold('p1', quote(), sending, sentAt);
    at(sentAt + 58_999);
    expect(held.take('p1', inTime.quoteId)).toMatchObject({ ok: true });
    at(sentAt + 59_000);
    expect(held.take('p1', late.quoteId)).toMatchObject({ ok: false, reason: 'released', message: expect.stringMatching(/expired at .*Nothing was sent/) });
    // Released is not used up by the refusal: it stays released, and is never placed.
    expect(held.take('p1', late.quoteId)).toMatchObject({ ok: false, reason: 'released' });
  });

  it('build the body of exchange/fixed from the quote, with the amount of the side the person fixed', () => {
    const { held } = store();
    const bySender = held.take('p1', held.hold('p1', quote(), sending, T0).quoteId);
    const byReceiver = held.take('p1', held.hold('p1', quote(), receiving, T0).quoteId);
    if (!bySender.ok || !byReceiver.ok) throw new Error('both quotes are held');
    expect(fixedExchangeRequestAt(bySender.quote, 'exch-1')).toEqual({
      foreign_id: 'exch-1',
      price: '60000.12345600',
      sender_currency: 'BTC',
      receiver_currency: 'EUR',
      sender_amount: '0.01000000',
    });
    expect(fixedExchangeRequestAt(byReceiver.quote, 'exch-2')).toEqual({
      foreign_id: 'exch-2',
      price: '60000.12345600',
      sender_currency: 'BTC',
      receiver_currency: 'EUR',
      receiver_amount: '600.00123456',
    });
  });

  it(`keep at most ${HELD_QUOTES_PER_PROFILE} a profile, dropping the oldest, and none after forget`, () => {
    const { held } = store();
    const ids = Array.from({ length: HELD_QUOTES_PER_PROFILE + 1 }, () => held.hold('p1', quote(), sending, T0).quoteId);
    expect(held.take('p1', ids[0] ?? '')).toMatchObject({ ok: false, reason: 'unknown' });
    expect(held.take('p1', ids[1] ?? '')).toMatchObject({ ok: true });
    expect(held.take('p1', ids.at(-1) ?? '')).toMatchObject({ ok: true });
    held.forget('p1');
    expect(held.take('p1', ids[2] ?? '')).toMatchObject({ ok: false, reason: 'unknown' });
  });

  it('make ids no one can guess from the ones before', () => {
    const held = createHeldQuotes(() => T0);
    const a = held.hold('p1', quote(), sending, T0).quoteId;
    const b = held.hold('p1', quote(), sending, T0).quoteId;
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(a).not.toBe(b);
  });
});
