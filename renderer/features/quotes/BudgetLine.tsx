import { useIntl } from 'react-intl';
import type { QuoteBudget } from '../../../shared/ipc/contract.ts';
import { useFormatLocale } from '../../components/locale.ts';
import { useReached } from '../../components/use-now.ts';
import { budgetLineState, budgetLineText, clockTime, pauseEndOf } from './budget-words.ts';

/**
 * How many quotes are left in the app-wide rolling minute (main's budget, shared by every screen),
 * or, while quotes are paused, until when: the line and the pause notice say the same thing.
 */
export function BudgetLine({ budget, retryAt }: { budget: QuoteBudget; retryAt: number | null }) {
  // One timer for the end of the pause, so the line changes then without redrawing every second.
  const pauseOver = useReached(pauseEndOf(budget, retryAt) ?? 0);
  const state = budgetLineState(budget, retryAt, pauseOver);
  const intl = useIntl();
  const locale = useFormatLocale();
  return (
    <p className="quote-budget muted" data-testid="quote-budget" data-state={state.kind}>
      {budgetLineText(intl, state, (ms) => clockTime(ms, locale))}
    </p>
  );
}
