import { describe, expect, it } from 'vitest';
import { compareDecimals } from '../../../shared/money/index.ts';
import { advanceMarket, CATALOGUE, formattedMinimum, initialMarket, isPairAvailable, priceOf, TICK_MS } from '../model/market.ts';
import { ISO_ALPHA3 } from '../model/countries.ts';
import { createRateLimiter } from '../http/rate-limit.ts';
import { returnedStatus } from '../model/transaction-lifecycle.ts';

describe('market', () => {
  it('walks the same way for the same seed, differently for another', () => {
    const t0 = Date.UTC(2025, 0, 1);
    const a = initialMarket(1);
    const b = initialMarket(1);
    const c = initialMarket(2);
    for (const m of [a, b, c]) {
      advanceMarket(m, t0);
      advanceMarket(m, t0 + 100 * TICK_MS);
    }
    expect(a.prices).toEqual(b.prices);
    expect(a.prices).not.toEqual(c.prices);
    expect(a.prices.USD).toBe('1');
    expect(a.prices.BTC).not.toBe('65000');
  });

  it('does not move within a tick or backwards', () => {
    const m = initialMarket(1);
    const t0 = Date.UTC(2025, 0, 1);
    const p0 = priceOf(m, 'BTC', 'EUR', t0);
    expect(priceOf(m, 'BTC', 'EUR', t0 + TICK_MS - 1)).toBe(p0);
    priceOf(m, 'BTC', 'EUR', t0 + 5 * TICK_MS);
    const p5 = priceOf(m, 'BTC', 'EUR', t0 + 5 * TICK_MS);
    expect(priceOf(m, 'BTC', 'EUR', t0)).toBe(p5);
  });

  it('skips far ahead in bounded work, and prices stay positive', () => {
    const m = initialMarket(9);
    advanceMarket(m, 0);
    advanceMarket(m, 365 * 24 * 3600_000);
    for (const info of CATALOGUE) expect(compareDecimals(m.prices[info.code]!, '0')).toBe(1);
  });

  it('knows the pairs and writes minimums as the service does', () => {
    expect(isPairAvailable('BTC', 'EUR')).toBe(true);
    expect(isPairAvailable('EUR', 'BTC')).toBe(true);
    expect(isPairAvailable('EUR', 'GBP')).toBe(false);
    expect(isPairAvailable('TRX', 'XRP')).toBe(false);
    expect(isPairAvailable('BTC', 'BTC')).toBe(false);
    expect(formattedMinimum(CATALOGUE.find((c) => c.code === 'EUR')!)).toBe('10.00');
    expect(formattedMinimum(CATALOGUE.find((c) => c.code === 'BTC')!)).toBe('0.00010000');
  });
});

describe('small rules', () => {
  it('maps internal statuses as spec 3.1 says', () => {
    expect(returnedStatus('processing')).toBe('not_confirmed');
    expect(returnedStatus('verifying')).toBe('not_confirmed');
    expect(returnedStatus('error')).toBe('cancelled');
    expect(returnedStatus('rejected')).toBe('cancelled');
    expect(returnedStatus('declined')).toBe('declined');
    expect(returnedStatus('pending')).toBe('pending');
  });

  it('has the ISO alpha-3 codes', () => {
    expect(ISO_ALPHA3.size).toBe(249);
    for (const code of ['DEU', 'FRA', 'GBR', 'USA', 'CHE']) expect(ISO_ALPHA3.has(code)).toBe(true);
  });

  it('rate limiter keeps clients apart', () => {
    let now = 0;
    const limiter = createRateLimiter(() => now, { max: 2, windowMs: 1000, pauseMs: 1000 });
    expect([limiter.allow('a'), limiter.allow('a'), limiter.allow('a'), limiter.allow('b')]).toEqual([true, true, false, true]);
    now = 999;
    expect(limiter.allow('a')).toBe(false);
    now = 1999;
    expect(limiter.allow('a')).toBe(true);
  });
});
