import { describe, expect, it } from 'vitest';
import { quoteBudget } from '../../../shared/ipc/contract.ts';
import { createQuoteBudget } from './quote-budget.ts';

const T0 = 1_700_000_000_000;

function clock(start = T0) {
  let time = start;
  return { now: () => time, set: (value: number) => (time = value), advance: (ms: number) => (time += ms) };
}

describe('the quote budget (spec 8: 30 a minute, then a one-minute pause)', () => {
  it('allows 30 calls within a minute and refuses the 31st until the first leaves the window', () => {
    const c = clock();
    const budget = createQuoteBudget({ now: c.now });
    for (let i = 0; i < 30; i += 1) {
      expect(budget.take()).toEqual({ ok: true });
      c.advance(1_000);
    }
    // Now T0 + 30 s: 30 calls in the last minute, the first at T0.
    expect(budget.take()).toEqual({ ok: false, retryAt: T0 + 60_000 });
    expect(budget.status()).toEqual({ limit: 30, remaining: 0, nextAllowedAt: T0 + 60_000 });
    c.set(T0 + 59_999);
    expect(budget.take()).toEqual({ ok: false, retryAt: T0 + 60_000 });
    c.set(T0 + 60_000);
    expect(budget.take()).toEqual({ ok: true });
    // The window rolls one call at a time: the next slot frees when the second call (T0 + 1 s) leaves.
    expect(budget.take()).toEqual({ ok: false, retryAt: T0 + 61_000 });
  });

  it('counts in any rolling minute, not in calendar minutes', () => {
    const c = clock(T0 + 59_000);
    const budget = createQuoteBudget({ now: c.now });
    for (let i = 0; i < 30; i += 1) expect(budget.take().ok).toBe(true);
    c.set(T0 + 61_000); // a new calendar minute, but the same rolling minute
    expect(budget.take()).toEqual({ ok: false, retryAt: T0 + 119_000 });
  });

  it('refuses refused calls without spending slots', () => {
    const c = clock();
    const budget = createQuoteBudget({ now: c.now, limit: 2 });
    budget.take();
    budget.take();
    for (let i = 0; i < 10; i += 1) budget.take();
    c.set(T0 + 60_000);
    expect(budget.status()).toEqual({ limit: 2, remaining: 2, nextAllowedAt: null });
  });

  it('after penalize() allows no call at all for 60 s, even with slots left', () => {
    const c = clock();
    const budget = createQuoteBudget({ now: c.now });
    budget.take();
    c.advance(5_000);
    budget.penalize();
    expect(budget.take()).toEqual({ ok: false, retryAt: T0 + 65_000 });
    expect(budget.status()).toEqual({ limit: 30, remaining: 0, nextAllowedAt: T0 + 65_000 });
    c.set(T0 + 64_999);
    expect(budget.take().ok).toBe(false);
    c.set(T0 + 65_000);
    expect(budget.take()).toEqual({ ok: true });
    expect(budget.status()).toEqual({ limit: 30, remaining: 29, nextAllowedAt: null });
  });

  it('a pause and a full window: the later of the two wins', () => {
    const c = clock();
    const budget = createQuoteBudget({ now: c.now, limit: 1, windowMs: 60_000, penaltyMs: 10_000 });
    budget.take();
    budget.penalize();
    expect(budget.take()).toEqual({ ok: false, retryAt: T0 + 60_000 });
  });

  it('reports the contract shape', () => {
    const budget = createQuoteBudget({ now: () => T0 });
    expect(quoteBudget.parse(budget.status())).toEqual({ limit: 30, remaining: 30, nextAllowedAt: null });
  });
});
