import type { Quote } from '../../../../shared/api/quote.ts';
import type { AppError } from '../../../../shared/ipc/errors.ts';
import { quoteWords } from '../quote-words.ts';

/** The words on the button: what will happen, with every digit the quote carried, at each currency's places. */
export function exchangeVerb(quote: Pick<Quote, 'sender_amount' | 'sender_currency' | 'receiver_amount' | 'receiver_currency'>): string {
  return `Exchange ${quoteWords(quote)}`;
}

const QUOTE_GONE = {
  used: 'Nothing was placed: this quote was already used for an exchange, and a quote places one at most. Get a new quote to exchange.',
  released: 'Nothing was placed: this quote expired before it could be placed. Get a new quote to exchange.',
  unknown: 'Nothing was placed: the app no longer holds this quote. Get a new quote to exchange.',
} as const;

/**
 * The line under a placement main decided was not carried out (exchange-machine.ts, Refusal): why,
 * where the error says it, and the way on. Main takes the quote before anything else, so another
 * try is always at a new quote. A duplicate has words of its own, shared with the forms
 * (components/submission/DuplicateNotice.tsx).
 */
export function refusalNote(error: AppError): string {
  if (error.kind === 'quote_unavailable') return QUOTE_GONE[error.reason];
  if (error.kind === 'not_confirmed') {
    return 'Nothing was placed, because it was not confirmed in the confirmation window. That quote is used up: get a new quote to exchange.';
  }
  return 'Nothing was placed. To try again, get a new quote: it places a new exchange with a new foreign id.';
}

/** How to place a different exchange after a duplicate: the dialog has no New id, a new quote brings one. */
export const ANOTHER_EXCHANGE = 'For another exchange, get a new quote: it carries a new foreign id.';
