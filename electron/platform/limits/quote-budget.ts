import type { QuoteBudget as QuoteBudgetStatus } from '../../../shared/ipc/contract.ts';
import { createRollingLimit } from './rolling-limit.ts';
import type { SlotTake } from './rolling-limit.ts';

/**
 * The app-wide budget of POST /exchange/calculate: the service allows 30 a minute from one IP,
 * and once that is exceeded nothing succeeds until a one-minute pause has passed (spec 8, 7).
 * So the console keeps under the limit itself, in any rolling window, for all screens together,
 * and after a 429 sends nothing at all for the pause: the rolling window (limits/rolling-limit.ts)
 * with the pause on top of it.
 */

export interface QuoteBudget {
  /** Uses one slot now, or says when the next one frees up (epoch milliseconds). */
  take(): SlotTake;
  /** After a 429: no call at all until the pause has passed. */
  penalize(): void;
  /** For the screens (the `quoteBudget` shape of the IPC contract). */
  status(): QuoteBudgetStatus;
}

export interface QuoteBudgetOptions {
  limit?: number;
  windowMs?: number;
  penaltyMs?: number;
  now?: () => number;
}

export const QUOTE_LIMIT = 30;
export const QUOTE_WINDOW_MS = 60_000;
export const QUOTE_PENALTY_MS = 60_000;

export function createQuoteBudget(options: QuoteBudgetOptions = {}): QuoteBudget {
  const penaltyMs = options.penaltyMs ?? QUOTE_PENALTY_MS;
  const now = options.now ?? Date.now;
  const window = createRollingLimit({ limit: options.limit ?? QUOTE_LIMIT, windowMs: options.windowMs ?? QUOTE_WINDOW_MS });
  let pausedUntil = 0;

  /** When the next call is allowed, or null if it is allowed now: the later of the pause and the window. */
  function nextAllowedAt(at: number): number | null {
    const afterPause = pausedUntil > at ? pausedUntil : null;
    const afterWindow = window.nextFreeAt(at);
    if (afterPause === null) return afterWindow;
    return afterWindow === null ? afterPause : Math.max(afterPause, afterWindow);
  }

  return {
    take() {
      const at = now();
      const retryAt = nextAllowedAt(at);
      return retryAt === null ? window.take(at) : { ok: false, retryAt };
    },
    penalize() {
      pausedUntil = Math.max(pausedUntil, now() + penaltyMs);
    },
    status() {
      const at = now();
      const remaining = pausedUntil > at ? 0 : window.remaining(at);
      return { limit: window.limit, remaining, nextAllowedAt: nextAllowedAt(at) };
    },
  };
}
