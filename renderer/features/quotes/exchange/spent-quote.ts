import type { IntlShape } from 'react-intl';
import type { ExchangeOrder } from '../../../../shared/api/exchange.ts';
import type { MessageId } from '../../../../shared/i18n/index.ts';
import type { AppError } from '../../../../shared/ipc/errors.ts';
import { decisionOf } from '../../../../shared/submission/outcome.ts';

/**
 * A quote that can place nothing more, and why, in the one short line the quote card shows next to its
 * disabled exchange button. Main takes a quote at the first try to place it, whatever comes of the
 * try (quotes/placement-guard.ts), so every placement that settled spends its quote: another press
 * would only be refused. The long account of a refusal stays in the review (placement.ts).
 */
export type SpentQuote = { quoteId: string; why: string };

export const spentByPlacement = (intl: IntlShape, quoteId: string, order: ExchangeOrder): SpentQuote => ({
  quoteId,
  why: intl.formatMessage({ id: 'quotes.spent.placed' }, { id: order.id }),
});

export function spentByFailure(intl: IntlShape, quoteId: string, error: AppError): SpentQuote {
  return { quoteId, why: intl.formatMessage({ id: whyNothingMore(error) }) };
}

function whyNothingMore(error: AppError): MessageId {
  if (error.kind === 'quote_unavailable') {
    if (error.reason === 'used') return 'quotes.spent.used';
    if (error.reason === 'released') return 'quotes.spent.released';
    return 'quotes.spent.unknown';
  }
  if (error.kind === 'not_confirmed') return 'quotes.spent.notConfirmed';
  switch (decisionOf(error)) {
    case 'outcome_unknown':
      return 'quotes.spent.outcomeUnknown';
    case 'duplicate':
      return 'quotes.spent.duplicate';
    case 'not_carried_out':
      return 'quotes.spent.notCarriedOut';
  }
}
