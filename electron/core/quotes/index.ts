export { createQuoteBudget, QUOTE_LIMIT, QUOTE_PENALTY_MS, QUOTE_WINDOW_MS } from './budget.ts';
export type { QuoteBudget, QuoteBudgetOptions } from './budget.ts';
export { withQuoteBudget } from './guard.ts';
