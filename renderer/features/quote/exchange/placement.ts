import type { FixedExchangeRequest } from '../../../../shared/api/exchange.ts';
import type { Quote, QuoteRequest } from '../../../../shared/api/quote.ts';
import type { AppError } from '../../../../shared/ipc/errors.ts';
import { formatDecimal } from '../../../../shared/money/decimal.ts';
import { mayHaveHappened } from '../../../../shared/submission/outcome.ts';

/**
 * The body of exchange/fixed for a quote (spec 4.5). The sandbox, like the service (docs/service-interface.md,
 * "Quote lifetime": the sender_amount sent to exchange/fixed must equal the one that was quoted), places an
 * exchange only at the price and amount of an unreleased quote this merchant received, so both go
 * back exactly as the quote carried them, as decimal text. The amount is the one on the side the
 * person fixed ("I send" or "I receive"); the other side is the service's to work out.
 */
export function fixedExchangeRequestOf(quote: Quote, asked: QuoteRequest, foreignId: string): FixedExchangeRequest {
  return {
    foreign_id: foreignId,
    price: quote.price,
    sender_currency: quote.sender_currency,
    receiver_currency: quote.receiver_currency,
    ...(asked.receiver_amount !== undefined ? { receiver_amount: quote.receiver_amount } : { sender_amount: quote.sender_amount }),
  };
}

/** The words on the button: what will happen, with every digit the quote carried. */
export function exchangeVerb(quote: Pick<Quote, 'sender_amount' | 'sender_currency' | 'receiver_amount' | 'receiver_currency'>): string {
  return `Exchange ${formatDecimal(quote.sender_amount)} ${quote.sender_currency} for ${formatDecimal(quote.receiver_amount)} ${quote.receiver_currency}`;
}

/**
 * What a failed placement means, by the rule main settles the journal with
 * (shared/submission/outcome.ts); the renderer cannot see the sent mark, only the error. `refused`:
 * the service or the app said a clear no, or nothing left the machine; a new exchange (with a new
 * foreign id) may be tried. `unknown`: the request may have been carried out (a lost answer, a
 * server error after the fact, an answer main could not check, main failing without saying that
 * nothing was sent), so a person must find out before anything is sent again.
 */
export const placementOutcomeOf = (error: AppError): 'refused' | 'unknown' =>
  mayHaveHappened({ sent: null, end: error }) ? 'unknown' : 'refused';

/**
 * The line under a clear no in the review. Main refuses a foreign id it has sent before
 * (`already_sent`): this try sent nothing, but the earlier one may have been placed, so the words
 * say that and point to the lookup instead of promising that nothing was placed.
 */
export function refusalNote(error: AppError): string {
  if (error.kind === 'already_sent') {
    return `Nothing was sent this time. The exchange with foreign id ${error.foreignId} was sent before and may have been placed: look it up before placing another.`;
  }
  if (error.kind === 'not_confirmed') {
    return 'Nothing was placed, because it was not confirmed in the confirmation window. That quote is used up: get a new quote to exchange.';
  }
  return 'Nothing was placed. Trying again places a new exchange with a new foreign id.';
}
