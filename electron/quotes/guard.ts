import { AppFailure, isAppFailure } from '../../shared/ipc/errors.ts';
import { limitRefusal } from '../platform/limits/index.ts';
import type { QuoteBudget } from '../platform/limits/index.ts';

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
      throw limitRefusal(slot.retryAt, now(), (seconds) => `Quotes are limited to ${budget.status().limit} a minute. The next one is possible in ${seconds} s.`);
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
