/**
 * When the live quote asks again by itself. A quote is fixed for 60 seconds
 * (docs/service-interface.md, "Quote lifetime"), the service allows 30 quotes a minute and punishes
 * more with a one-minute pause (spec 8), so the screen re-quotes only when it has something to do,
 * one call at a time, never in a tight loop:
 *   - after the quote it shows was released,
 *   - or after a refusal for the rate limit, once the moment it was told has come;
 * and only while the screen is mounted and the window visible, not while a person reviews an
 * exchange (the amounts must not change under their eyes), and not after any other failure
 * (a person decides whether to try again).
 */

/** Even the quickest re-quote waits this long after the previous call started. */
export const MIN_REQUOTE_GAP_MS = 5_000;

export type ScheduleInput = {
  /** A request is being priced (the person asked for a quote at least once). */
  active: boolean;
  inFlight: boolean;
  visible: boolean;
  /** The exchange review is open. */
  paused: boolean;
  /** The last call failed for a reason other than the rate limit. */
  failed: boolean;
  /** When main releases the shown quote (epoch ms, as quotes.calculate said), if one is shown. */
  releaseAt: number | null;
  /** After a rate-limit refusal: when the next quote is possible (epoch ms). */
  retryAt: number | null;
  /** When the last call started (epoch ms). */
  lastCallAt: number | null;
};

/** When to quote next (epoch ms; it may be in the past, meaning now), or null for "not by itself". */
export function nextQuoteAt(input: ScheduleInput): number | null {
  if (!input.active || input.inFlight || !input.visible || input.failed) return null;
  let due: number;
  if (input.retryAt !== null) due = input.retryAt;
  else if (input.releaseAt !== null && !input.paused) due = input.releaseAt;
  else return null;
  return input.lastCallAt === null ? due : Math.max(due, input.lastCallAt + MIN_REQUOTE_GAP_MS);
}
