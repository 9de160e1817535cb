/** The way into this folder: other code imports what it needs from here, never past it. */
export { createCallLimit, limitRefusal } from './rolling-limit.ts';
export type { CallLimit } from './rolling-limit.ts';
export { createQuoteBudget } from './quote-budget.ts';
export type { QuoteBudget } from './quote-budget.ts';
