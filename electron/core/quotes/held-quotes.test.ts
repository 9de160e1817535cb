import { describe, expect, it } from 'vitest';
import type { FixedExchangeRequest, Quote } from '../../../shared/api/index.ts';
import { createHeldQuotes, HELD_QUOTES_PER_PROFILE, releaseOnMainClock } from './held-quotes.ts';

// The rules of quotes/held-quotes.ts on their own; the replay through the real router and sandbox is
// services/placement-replay.test.ts.

const T0 = Date.UTC(2026, 10, 23, 9);

const quote = (overrides: Partial<Quote> = {}): Quote => ({
  sender_currency: 'BTC',
  sender_amount: '0.01',
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

const placement = (overrides: Partial<FixedExchangeRequest> = {}): FixedExchangeRequest => ({
  foreign_id: 'exchange-1',
  price: '60000.123456',
  sender_currency: 'BTC',
  receiver_currency: 'EUR',
  sender_amount: '0.010',
  ...overrides,
});

function store() {
  let time = T0;
  const held = createHeldQuotes(() => time);
  return { held, at: (value: number) => void (time = value) };
}

describe('held quotes', () => {
  it('place once at an equal price and amount, in any decimal writing, on either side', () => {
    const { held } = store();
    held.hold('p1', quote(), T0);
    expect(held.take('p1', placement())).toMatchObject({ ok: true });
    expect(held.take('p1', placement())).toMatchObject({ ok: false, reason: expect.stringContaining('already used') });

    held.hold('p1', quote(), T0);
    const { sender_amount: _sent, ...receiving } = placement();
    expect(held.take('p1', { ...receiving, receiver_amount: '600.0012345600' })).toMatchObject({ ok: true });
  });

  it('refuse another profile, another pair, amount or price', () => {
    const { held } = store();
    held.hold('p1', quote(), T0);
    for (const [profile, body] of [
      ['p2', placement()],
      ['p1', placement({ sender_currency: 'ETH' })],
      ['p1', placement({ receiver_currency: 'USD' })],
      ['p1', placement({ sender_amount: '0.0100001' })],
      ['p1', placement({ receiver_amount: '600' })],
      ['p1', placement({ price: '60000.123457' })],
    ] as const) {
      expect(held.take(profile, body), JSON.stringify([profile, body])).toMatchObject({ ok: false, reason: expect.stringContaining('Nothing was sent') });
    }
    expect(held.take('p1', placement())).toMatchObject({ ok: true });
  });

  it('are released on main’s clock, from the send, one second short of the service’s fixed period', () => {
    const { held, at } = store();
    const sentAt = T0 - 2_000;
    expect(releaseOnMainClock(quote(), sentAt)).toBe(sentAt + 59_000);
    held.hold('p1', quote(), sentAt);
    at(sentAt + 59_000);
    expect(held.take('p1', placement())).toMatchObject({ ok: false, reason: expect.stringMatching(/was released at .*Nothing was sent/) });

    held.hold('p1', quote(), sentAt);
    at(sentAt + 58_999);
    expect(held.take('p1', placement())).toMatchObject({ ok: true });
  });

  it('a live quote wins over a released one with the same terms', () => {
    const { held, at } = store();
    held.hold('p1', quote(), T0);
    held.hold('p1', quote(), T0 + 30_000);
    at(T0 + 59_000);
    expect(held.take('p1', placement())).toMatchObject({ ok: true });
  });

  it(`keep at most ${HELD_QUOTES_PER_PROFILE} a profile, dropping the oldest, and none after forget`, () => {
    const { held } = store();
    for (let i = 0; i <= HELD_QUOTES_PER_PROFILE; i += 1) held.hold('p1', quote({ price: String(1000 + i) }), T0);
    expect(held.take('p1', placement({ price: '1000' }))).toMatchObject({ ok: false });
    expect(held.take('p1', placement({ price: '1001' }))).toMatchObject({ ok: true });
    expect(held.take('p1', placement({ price: String(1000 + HELD_QUOTES_PER_PROFILE) }))).toMatchObject({ ok: true });
    held.forget('p1');
    expect(held.take('p1', placement({ price: '1002' }))).toMatchObject({ ok: false });
  });
});
