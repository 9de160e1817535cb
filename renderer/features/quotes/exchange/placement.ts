import type { IntlShape } from 'react-intl';
import type { Quote } from '../../../../shared/api/quote.ts';
import type { MessageId } from '../../../../shared/i18n/index.ts';
import type { AppError } from '../../../../shared/ipc/errors.ts';
import { quoteAmounts } from '../quote-words.ts';

/** The words on the button: what will happen, with every digit the quote carried, at each currency's places. */
export function exchangeVerb(intl: IntlShape, quote: Pick<Quote, 'sender_amount' | 'sender_currency' | 'receiver_amount' | 'receiver_currency'>): string {
  return intl.formatMessage({ id: 'quotes.words.exchange' }, quoteAmounts(quote));
}

const QUOTE_GONE: Record<'used' | 'released' | 'unknown', MessageId> = {
  used: 'quotes.refusal.used',
  released: 'quotes.refusal.released',
  unknown: 'quotes.refusal.unknown',
};

/**
 * The line under a placement main decided was not carried out (exchange-machine.ts, Refusal): why,
 * where the error says it, and the way on. Main takes the quote before anything else, so another
 * try is always at a new quote. A duplicate has words of its own, shared with the forms
 * (components/submission/DuplicateNotice.tsx).
 */
export function refusalNote(intl: IntlShape, error: AppError): string {
  if (error.kind === 'quote_unavailable') return intl.formatMessage({ id: QUOTE_GONE[error.reason] });
  if (error.kind === 'not_confirmed') return intl.formatMessage({ id: 'quotes.refusal.notConfirmed' });
  return intl.formatMessage({ id: 'quotes.refusal.other' });
}
