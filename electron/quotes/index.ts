export { withQuoteBudget } from './guard.ts';
export { fixedExchangePlacer } from './exchange-handlers.ts';
export { createHeldQuotes } from './held-quotes.ts';
export { placeAtHeldQuote } from './placement-guard.ts';
export { quoteHandlers } from './quote-handlers.ts';
