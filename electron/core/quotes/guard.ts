import { AppFailure, isAppFailure } from '../../../shared/ipc/errors.ts';
import { createQuoteBudget } from './budget.ts';
import type { QuoteBudget } from './budget.ts';

/**
 * Wraps exchange/calculate with the budget: takes a slot or refuses with rate_limited before
 * anything is sent; on a 429 from the service, pauses the whole app and rethrows.
 * A slot is spent even when the call fails: the service may have counted it.
 */
export function withQuoteBudget<A extends unknown[], R>(
  budget: QuoteBudget,
  calculate: (...args: A) => Promise<R>,
  now: () => number = Date.now,
): (...args: A) => Promise<R> {
  return async (...args: A) => {
    const slot = budget.take();
    if (!slot.ok) {
      throw budgetRefusal(slot.retryAt, now(), (seconds) => `Quotes are limited to ${budget.status().limit} a minute. The next one is possible in ${seconds} s.`);
    }
    try {
      return await calculate(...args);
    } catch (error) {
      if (isAppFailure(error) && error.error.kind === 'rate_limited') {
        budget.penalize();
        // The budget is the one truth every screen reads ('quotes.budget'): the refusal names the
        // moment it gives, which may be later than the service's pause if the window is full too.
        throw new AppFailure({ ...error.error, retryAt: budget.status().nextAllowedAt ?? error.error.retryAt });
      }
      throw error;
    }
  };
}

/** A budget's "not now" as the typed error the screens count down from; `words` gets the whole seconds left. */
export function budgetRefusal(retryAt: number, now: number, words: (seconds: number) => string): AppFailure {
  const seconds = Math.max(1, Math.ceil((retryAt - now) / 1000));
  return new AppFailure({ kind: 'rate_limited', retryAt, message: words(seconds) });
}

/**
 * A rolling-minute allowance for one kind of call main makes for the renderer: `take` spends a slot
 * or throws rate_limited, before anything is sent. Against a runaway or compromised renderer, with
 * an allowance far above what a person does by hand.
 */
export function createMinuteLimit(options: { limit: number; now: () => number; words: (seconds: number) => string }): { take(): void } {
  const window = createQuoteBudget({ limit: options.limit, windowMs: 60_000, now: options.now });
  return {
    take() {
      const slot = window.take();
      if (!slot.ok) throw budgetRefusal(slot.retryAt, options.now(), options.words);
    },
  };
}
