import type { IntlShape } from 'react-intl';
import type { QuoteBudget } from '../../../shared/ipc/contract.ts';

/**
 * What the budget line under the quote form says. Main keeps the budget ('quotes.budget'); the
 * screen also knows, from a refusal, when the next quote is possible. Until that moment nothing is
 * left, whatever an earlier reading of the budget said: after a 429 the service answers nothing for
 * a minute (spec 8), so "27 of 30 left" under "Quotes are paused" would be untrue.
 */
export type BudgetLineState =
  | { kind: 'left'; remaining: number; limit: number }
  | { kind: 'paused'; until: number; limit: number };

/** When the known pause ends (epoch ms): the later of main's next allowed call and a refusal's retryAt; null when none is known. */
export function pauseEndOf(budget: QuoteBudget, retryAt: number | null): number | null {
  const ends = [budget.nextAllowedAt, retryAt].filter((end): end is number => end !== null);
  return ends.length === 0 ? null : Math.max(...ends);
}

/** `pauseOver`: the pause end has been reached on this computer's clock (the screen keeps one timer for it). */
export function budgetLineState(budget: QuoteBudget, retryAt: number | null, pauseOver: boolean): BudgetLineState {
  const until = pauseEndOf(budget, retryAt);
  if (until !== null && !pauseOver) return { kind: 'paused', until, limit: budget.limit };
  return { kind: 'left', remaining: budget.remaining, limit: budget.limit };
}

/** The words, with the clock time written by `time` (the screen's own format). */
export function budgetLineText(intl: IntlShape, state: BudgetLineState, time: (ms: number) => string): string {
  if (state.kind === 'paused') return intl.formatMessage({ id: 'quotes.budget.paused' }, { time: time(state.until), limit: state.limit });
  return intl.formatMessage({ id: 'quotes.budget.left' }, { remaining: state.remaining, limit: state.limit });
}

/** "14:03:07" on this computer's clock, in the window's regional formats: the notice beside the line gives the full date and zone. */
export function clockTime(ms: number, locale: string): string {
  return new Date(ms).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
}
