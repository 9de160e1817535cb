import { describe, expect, it } from 'vitest';
import type { ScheduleInput } from './requote-schedule.ts';
import { MIN_REQUOTE_GAP_MS, nextQuoteAt } from './requote-schedule.ts';

const T = Date.UTC(2026, 0, 10, 12);
const live: ScheduleInput = {
  active: true,
  inFlight: false,
  visible: true,
  paused: false,
  failed: false,
  releaseAt: T + 59_000,
  retryAt: null,
  lastCallAt: T,
};

describe('when the screen quotes again by itself', () => {
  it('re-quotes when the shown quote is released', () => {
    expect(nextQuoteAt(live)).toBe(T + 59_000);
  });

  it('after a rate-limit refusal, at the moment the refusal named', () => {
    expect(nextQuoteAt({ ...live, releaseAt: null, retryAt: T + 30_000 })).toBe(T + 30_000);
  });

  it('never sooner than the minimum gap after the previous call, so never in a tight loop', () => {
    expect(nextQuoteAt({ ...live, releaseAt: T - 1_000 })).toBe(T + MIN_REQUOTE_GAP_MS);
    expect(nextQuoteAt({ ...live, releaseAt: null, retryAt: T })).toBe(T + MIN_REQUOTE_GAP_MS);
  });

  it('never while a call is in flight, the window is hidden, or nothing was asked for', () => {
    expect(nextQuoteAt({ ...live, inFlight: true })).toBeNull();
    expect(nextQuoteAt({ ...live, visible: false })).toBeNull();
    expect(nextQuoteAt({ ...live, active: false })).toBeNull();
  });

  it('not after a failure other than the rate limit: a person decides', () => {
    expect(nextQuoteAt({ ...live, failed: true })).toBeNull();
  });

  it('not on release while the exchange is being reviewed, but still after a rate-limit wait', () => {
    expect(nextQuoteAt({ ...live, paused: true })).toBeNull();
    expect(nextQuoteAt({ ...live, paused: true, retryAt: T + 20_000 })).toBe(T + 20_000);
  });

  it('not when there is neither a quote nor a wait', () => {
    expect(nextQuoteAt({ ...live, releaseAt: null })).toBeNull();
  });
});
