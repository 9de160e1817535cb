import type { IntlShape } from 'react-intl';
import type { Quote } from '../../../shared/api/quote.ts';
import { formatAmount } from '../../../shared/money/precision.ts';

type QuoteAmounts = Pick<Quote, 'sender_amount' | 'sender_currency' | 'receiver_amount' | 'receiver_currency'>;

/** The amounts of a quote as the screen writes them, the arguments of its sentences. */
export function quoteAmounts(quote: QuoteAmounts) {
  return {
    send: formatAmount(quote.sender_amount, quote.sender_currency),
    sendCurrency: quote.sender_currency,
    receive: formatAmount(quote.receiver_amount, quote.receiver_currency),
    receiveCurrency: quote.receiver_currency,
  };
}

/** A quote in a sentence, as the screen writes its amounts: "0.01000000 BTC for 612.34 EUR". */
export function quoteWords(intl: IntlShape, quote: QuoteAmounts): string {
  return intl.formatMessage({ id: 'quotes.words.quote' }, quoteAmounts(quote));
}

/** A quote's last seconds, when its countdowns turn urgent: about the time a review still needs to be read and confirmed. */
export const URGENT_SECONDS = 10;
