import type { QuoteBudget as QuoteBudgetStatus } from '../../../shared/ipc/contract.ts';

/**
 * The app-wide budget of POST /exchange/calculate: the service allows 30 a minute from one IP,
 * and once that is exceeded nothing succeeds until a one-minute pause has passed (spec 8, 7).
 * So the console keeps under the limit itself, in any rolling window, for all screens together,
 * and after a 429 sends nothing at all for the pause.
 */

export type BudgetTake = { ok: true } | { ok: false; retryAt: number };

export interface QuoteBudget {
  /** Uses one slot now, or says when the next one frees up (epoch milliseconds). */
  take(): BudgetTake;
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
  const limit = options.limit ?? QUOTE_LIMIT;
  const windowMs = options.windowMs ?? QUOTE_WINDOW_MS;
  const penaltyMs = options.penaltyMs ?? QUOTE_PENALTY_MS;
  const now = options.now ?? Date.now;
  /** Times of the calls still inside the window, oldest first. */
  const taken: number[] = [];
  let pausedUntil = 0;

  /** Drops calls that left the window; a call at t counts until t + windowMs. */
  function prune(at: number): void {
    while (taken.length > 0 && (taken[0] ?? 0) + windowMs <= at) taken.shift();
  }

  /** When the next call is allowed, or null if it is allowed now. */
  function nextAllowedAt(at: number): number | null {
    prune(at);
    const afterPause = pausedUntil > at ? pausedUntil : null;
    const afterWindow = taken.length >= limit ? (taken[taken.length - limit] ?? at) + windowMs : null;
    if (afterPause === null) return afterWindow;
    return afterWindow === null ? afterPause : Math.max(afterPause, afterWindow);
  }

  return {
    take() {
      const at = now();
      const retryAt = nextAllowedAt(at);
      if (retryAt !== null) return { ok: false, retryAt };
      taken.push(at);
      return { ok: true };
    },
    penalize() {
      pausedUntil = Math.max(pausedUntil, now() + penaltyMs);
    },
    status() {
      const at = now();
      const next = nextAllowedAt(at);
      const remaining = pausedUntil > at ? 0 : Math.max(0, limit - taken.length);
      return { limit, remaining, nextAllowedAt: next };
    },
  };
}
