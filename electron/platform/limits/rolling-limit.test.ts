import { describe, expect, it } from 'vitest';
import { isAppFailure } from '../../../shared/ipc/errors.ts';
import { CALL_WINDOW_MS, createCallLimit, createRollingLimit } from './rolling-limit.ts';

const T0 = 1_700_000_000_000;

describe('the rolling limit', () => {
  it('allows `limit` calls in any window and frees one slot as each call leaves it', () => {
    const window = createRollingLimit({ limit: 2, windowMs: 10_000 });
    expect(window.take(T0)).toEqual({ ok: true });
    expect(window.take(T0 + 4_000)).toEqual({ ok: true });
    expect(window.remaining(T0 + 4_000)).toBe(0);
    expect(window.take(T0 + 9_999)).toEqual({ ok: false, retryAt: T0 + 10_000 });
    expect(window.nextFreeAt(T0 + 9_999)).toBe(T0 + 10_000);
    // The first call leaves at T0 + 10 s; the second still counts until T0 + 14 s.
    expect(window.take(T0 + 10_000)).toEqual({ ok: true });
    expect(window.take(T0 + 10_000)).toEqual({ ok: false, retryAt: T0 + 14_000 });
  });

  it('spends no slot on a refused call', () => {
    const window = createRollingLimit({ limit: 1, windowMs: 10_000 });
    window.take(T0);
    for (let i = 1; i <= 5; i += 1) expect(window.take(T0 + i * 1_000).ok).toBe(false);
    expect(window.nextFreeAt(T0 + 10_000)).toBeNull();
    expect(window.remaining(T0 + 10_000)).toBe(1);
  });
});

describe('a call limit (placements, invoices, lookups)', () => {
  it('throws rate_limited with the moment and the whole seconds left once the allowance is spent', () => {
    let time = T0;
    const limit = createCallLimit({ limit: 1, now: () => time, words: (seconds) => `Wait ${seconds} s.` });
    limit.take();
    time = T0 + 58_500;
    let refusal: unknown;
    try {
      limit.take();
    } catch (error) {
      refusal = error;
    }
    expect(isAppFailure(refusal) && refusal.error).toEqual({ kind: 'rate_limited', retryAt: T0 + CALL_WINDOW_MS, message: 'Wait 2 s.' });
    time = T0 + CALL_WINDOW_MS;
    expect(() => limit.take()).not.toThrow();
  });
});

describe('spare slots of a call limit (background work, below every person)', () => {
  const words = (seconds: number) => `Wait ${seconds} s.`;

  it('takes only while more than half the allowance is free, and leaves the rest to people', () => {
    let time = T0;
    const limit = createCallLimit({ limit: 4, now: () => time, words });
    expect(limit.takeSpare()).toBe(true);
    expect(limit.takeSpare()).toBe(true);
    // Two of four left: kept for people.
    expect(limit.takeSpare()).toBe(false);
    expect(() => limit.take()).not.toThrow();
    expect(() => limit.take()).not.toThrow();
    expect(() => limit.take()).toThrow();
    time = T0 + CALL_WINDOW_MS;
    expect(limit.takeSpare()).toBe(true);
  });

  it('counts a person’s calls against the spare slots: one allowance, never past its limit', () => {
    const limit = createCallLimit({ limit: 4, now: () => T0, words, keepForPeople: 1 });
    limit.take();
    limit.take();
    expect(limit.takeSpare()).toBe(true);
    expect(limit.takeSpare()).toBe(false);
    // The slot kept for people is still theirs.
    expect(() => limit.take()).not.toThrow();
    expect(() => limit.take()).toThrow();
  });
});
