import type { ExchangeOrder } from '../../../../shared/api/exchange.ts';
import type { Quote } from '../../../../shared/api/quote.ts';

/**
 * How a placement ended, kept by the quote screen after the review closes. An unknown outcome keeps
 * the foreign id to look up and the quote it was placed at, as the screen showed it.
 */
export type ExchangeOutcome =
  | { kind: 'placed'; order: ExchangeOrder; placedAt: number }
  | { kind: 'unknown'; foreignId: string; quote: Quote; message: string; at: number };
