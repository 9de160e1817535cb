import type { ExchangeOrder } from '../../../../shared/api/exchange.ts';
import type { AppError } from '../../../../shared/ipc/errors.ts';
import { decisionOf } from '../../../../shared/submission/outcome.ts';

/**
 * A quote that can place nothing more, and why, in the one short line the quote card shows next to its
 * disabled exchange button. Main takes a quote at the first try to place it, whatever comes of the
 * try (quotes/placement-guard.ts), so every placement that settled spends its quote: another press
 * would only be refused. The long account of a refusal stays in the review (placement.ts).
 */
export type SpentQuote = { quoteId: string; why: string };

export const spentByPlacement = (quoteId: string, order: ExchangeOrder): SpentQuote => ({ quoteId, why: `Used for exchange order ${order.id}.` });

export function spentByFailure(quoteId: string, error: AppError): SpentQuote {
  return { quoteId, why: whyNothingMore(error) };
}

function whyNothingMore(error: AppError): string {
  if (error.kind === 'quote_unavailable') {
    if (error.reason === 'used') return 'Already used for an exchange.';
    if (error.reason === 'released') return 'Expired before it could be placed.';
    return 'No longer held by the app.';
  }
  if (error.kind === 'not_confirmed') return 'Used up: the exchange was not confirmed.';
  switch (decisionOf(error)) {
    case 'outcome_unknown':
      return 'Used for an exchange whose outcome is unknown.';
    case 'duplicate':
      return 'Used up: its foreign id was used before.';
    case 'not_carried_out':
      return 'Used up by the last try, which placed nothing.';
  }
}
