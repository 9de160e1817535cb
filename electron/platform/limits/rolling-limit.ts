import { AppFailure } from '../../../shared/ipc/errors.ts';

/**
 * At most `limit` calls in any rolling window of `windowMs`: a call at t counts until t + windowMs.
 * Rolling, not calendar, windows, because the service counts that way (spec 8): 30 quotes at 0:59
 * and 30 more at 1:01 would be 60 in its minute. The one window behind the quote budget and the
 * runaway guards of placements, invoices and lookups (createCallLimit, below).
 *
 * It holds no clock: every method is told the time, so that a caller that checks and then takes
 * does both at one instant.
 */

export type SlotTake = { ok: true } | { ok: false; retryAt: number };

export interface RollingLimit {
  readonly limit: number;
  /** Spends one slot at `at`, or says when the next one frees up (epoch milliseconds). */
  take(at: number): SlotTake;
  /** When the next slot frees up, or null if one is free at `at`. */
  nextFreeAt(at: number): number | null;
  /** Slots free at `at`. */
  remaining(at: number): number;
}

export function createRollingLimit(options: { limit: number; windowMs: number }): RollingLimit {
  const { limit, windowMs } = options;
  /** Times of the calls still inside the window, oldest first. */
  const taken: number[] = [];

  function prune(at: number): void {
    while (taken.length > 0 && (taken[0] ?? 0) + windowMs <= at) taken.shift();
  }

  function nextFreeAt(at: number): number | null {
    prune(at);
    return taken.length >= limit ? (taken[taken.length - limit] ?? at) + windowMs : null;
  }

  return {
    limit,
    take(at) {
      const retryAt = nextFreeAt(at);
      if (retryAt !== null) return { ok: false, retryAt };
      taken.push(at);
      return { ok: true };
    },
    nextFreeAt,
    remaining(at) {
      prune(at);
      return Math.max(0, limit - taken.length);
    },
  };
}

/**
 * A rolling-minute allowance for one kind of call main makes for the renderer (placements,
 * invoices, lookups): `take` spends a slot or throws rate_limited, before anything is sent. Against
 * a runaway or compromised renderer, with an allowance far above what a person does by hand.
 *
 * `takeSpare` is for work main does by itself in the background (the outcome poller's lookups):
 * the same allowance, at the lowest priority. It takes a slot only while more than `keepForPeople`
 * are free (half the allowance by default), so that background work never spends the slots a
 * person's own calls need, and never takes the allowance past its limit.
 */
export type CallLimit = { take(): void; takeSpare(): boolean };

export const CALL_WINDOW_MS = 60_000;

export function createCallLimit(options: { limit: number; now: () => number; words: (seconds: number) => string; keepForPeople?: number }): CallLimit {
  const window = createRollingLimit({ limit: options.limit, windowMs: CALL_WINDOW_MS });
  const keep = options.keepForPeople ?? Math.ceil(options.limit / 2);
  return {
    take() {
      const at = options.now();
      const slot = window.take(at);
      if (!slot.ok) throw limitRefusal(slot.retryAt, at, options.words);
    },
    takeSpare() {
      const at = options.now();
      return window.remaining(at) > keep && window.take(at).ok;
    },
  };
}

/** A limit's "not now" as the typed error the screens count down from; `words` gets the whole seconds left. */
export function limitRefusal(retryAt: number, now: number, words: (seconds: number) => string): AppFailure {
  const seconds = Math.max(1, Math.ceil((retryAt - now) / 1000));
  return new AppFailure({ kind: 'rate_limited', retryAt, message: words(seconds) });
}
