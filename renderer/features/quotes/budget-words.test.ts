import { describe, expect, it } from 'vitest';
import { budgetLineState, budgetLineText, pauseEndOf } from './budget-words.ts';
import { english } from '../../testing/intl.ts';

// After the service answered 429, the budget line agrees with the pause.

const T = Date.UTC(2026, 0, 10, 12);
const time = (ms: number) => new Date(ms).toISOString().slice(11, 19);
const words = (...args: Parameters<typeof budgetLineState>) => budgetLineText(english, budgetLineState(...args), time);

describe('the quote budget line', () => {
  it('under a 429 pause says none are left until the pause ends, not what the last quote left', () => {
    // What the screen held from its last quote, and the refusal that came after it.
    const lastRead = { limit: 30, remaining: 27, nextAllowedAt: null };
    const text = words(lastRead, T + 60_000, false);
    expect(text).toBe('Quotes are paused until 12:01:00: none of the 30 are left until then, for the whole app.');
    expect(text).not.toContain('27');
  });

  it('agrees with main once its budget is read again, and takes the later moment of the two', () => {
    expect(words({ limit: 30, remaining: 0, nextAllowedAt: T + 60_000 }, T + 60_000, false)).toBe(
      'Quotes are paused until 12:01:00: none of the 30 are left until then, for the whole app.',
    );
    expect(pauseEndOf({ limit: 30, remaining: 0, nextAllowedAt: T + 75_000 }, T + 60_000)).toBe(T + 75_000);
    expect(pauseEndOf({ limit: 30, remaining: 0, nextAllowedAt: T + 60_000 }, T + 75_000)).toBe(T + 75_000);
    // The app's own window full, with no refusal yet: the same words.
    expect(budgetLineState({ limit: 30, remaining: 0, nextAllowedAt: T + 5_000 }, null, false)).toEqual({ kind: 'paused', until: T + 5_000, limit: 30 });
  });

  it('once the pause is over, counts what main says is left', () => {
    expect(words({ limit: 30, remaining: 30, nextAllowedAt: null }, T + 60_000, true)).toBe('30 of 30 quotes left in the last minute, for the whole app.');
  });

  it('with no pause, counts what is left in the rolling minute', () => {
    expect(pauseEndOf({ limit: 30, remaining: 29, nextAllowedAt: null }, null)).toBeNull();
    expect(words({ limit: 30, remaining: 29, nextAllowedAt: null }, null, true)).toBe('29 of 30 quotes left in the last minute, for the whole app.');
  });
});
