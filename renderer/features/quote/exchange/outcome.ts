import type { ExchangeOrder, FixedExchangeRequest } from '../../../../shared/api/exchange.ts';

/** How a placement ended, kept by the quote screen after the review closes. */
export type ExchangeOutcome =
  | { kind: 'placed'; order: ExchangeOrder; placedAt: number }
  | { kind: 'unknown'; request: FixedExchangeRequest; message: string; at: number };
