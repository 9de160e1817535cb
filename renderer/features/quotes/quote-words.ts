import type { Quote } from '../../../shared/api/quote.ts';
import { formatAmount } from '../../../shared/money/precision.ts';

/** A quote in a sentence, as the screen writes its amounts: "0.01000000 BTC for 612.34 EUR". */
export function quoteWords(quote: Pick<Quote, 'sender_amount' | 'sender_currency' | 'receiver_amount' | 'receiver_currency'>): string {
  return `${formatAmount(quote.sender_amount, quote.sender_currency)} ${quote.sender_currency} for ${formatAmount(quote.receiver_amount, quote.receiver_currency)} ${quote.receiver_currency}`;
}

/** A quote's last seconds, when its countdowns turn urgent: about the time a review still needs to be read and confirmed. */
export const URGENT_SECONDS = 10;
