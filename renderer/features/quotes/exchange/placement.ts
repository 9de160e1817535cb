import type { Quote } from '../../../../shared/api/quote.ts';
import type { AppError } from '../../../../shared/ipc/errors.ts';
import { formatDecimal } from '../../../../shared/money/decimal.ts';
import { mayHaveHappened } from '../../../../shared/submission/outcome.ts';

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

const QUOTE_GONE = {
  used: 'Nothing was placed: this quote was already used for an exchange, and a quote places one at most. Get a new quote to exchange.',
  released: 'Nothing was placed: this quote expired before it could be placed. Get a new quote to exchange.',
  unknown: 'Nothing was placed: the app no longer holds this quote. Get a new quote to exchange.',
} as const;

/**
 * The line under a clear no in the review. Main refuses a foreign id it has sent before
 * (`already_sent`): this try sent nothing, but the earlier one may have been placed, so the words
 * say that and point to the lookup instead of promising that nothing was placed. Main takes the
 * quote before anything else, so another try is always at a new quote.
 */
export function refusalNote(error: AppError): string {
  if (error.kind === 'quote_unavailable') return QUOTE_GONE[error.reason];
  if (error.kind === 'already_sent') {
    return `Nothing was sent this time. The exchange with foreign id ${error.foreignId} was sent before and may have been placed: look it up before placing another.`;
  }
  if (error.kind === 'not_confirmed') {
    return 'Nothing was placed, because it was not confirmed in the confirmation window. That quote is used up: get a new quote to exchange.';
  }
  return 'Nothing was placed. To try again, get a new quote: it places a new exchange with a new foreign id.';
}
