import { AppFailure } from '../../../shared/ipc/errors.ts';
import { createRollingLimit } from './rolling-limit.ts';

/**
 * A rolling-minute allowance for one kind of call main makes for the renderer (placements,
 * invoices, lookups): `take` spends a slot or throws rate_limited, before anything is sent. Against
 * a runaway or compromised renderer, with an allowance far above what a person does by hand.
 */
export type CallLimit = { take(): void };

export const CALL_WINDOW_MS = 60_000;

export function createCallLimit(options: { limit: number; now: () => number; words: (seconds: number) => string }): CallLimit {
  const window = createRollingLimit({ limit: options.limit, windowMs: CALL_WINDOW_MS });
  return {
    take() {
      const at = options.now();
      const slot = window.take(at);
      if (!slot.ok) throw limitRefusal(slot.retryAt, at, options.words);
    },
  };
}

/** A limit's "not now" as the typed error the screens count down from; `words` gets the whole seconds left. */
export function limitRefusal(retryAt: number, now: number, words: (seconds: number) => string): AppFailure {
  const seconds = Math.max(1, Math.ceil((retryAt - now) / 1000));
  return new AppFailure({ kind: 'rate_limited', retryAt, message: words(seconds) });
}
