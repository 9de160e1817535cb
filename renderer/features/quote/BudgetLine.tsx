import type { QuoteBudget } from '../../../shared/ipc/contract.ts';

/** How many quotes are left in the app-wide rolling minute (main's budget, shared by every screen). */
export function BudgetLine({ budget }: { budget: QuoteBudget }) {
  return (
    <p className="quote-budget muted" data-testid="quote-budget">
      {budget.remaining} of {budget.limit} quotes left in the last minute, for the whole app.
    </p>
  );
}
