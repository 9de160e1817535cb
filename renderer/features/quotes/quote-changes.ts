import type { IntlShape } from 'react-intl';
import type { Quote } from '../../../shared/api/quote.ts';
import { compareDecimals, isWireDecimal } from '../../../shared/money/decimal.ts';
import { formatAmount } from '../../../shared/money/precision.ts';

/**
 * What a new quote for the same pair changed, figure by figure: a renewal (every 60 seconds) may
 * move the price, and a clerk who looked away must see that it did, and by how much.
 */

export const FIGURES = ['sender_amount', 'receiver_amount', 'fee_amount', 'price'] as const;
export type Figure = (typeof FIGURES)[number];

/** A figure's value before, and which way it moved ("up", "down"; "changed" when it cannot be compared). */
export type FigureChange = { was: string; way: 'up' | 'down' | 'changed' };
export type QuoteChanges = Partial<Record<Figure, FigureChange>>;

/** The currency a figure is in: the price is written in the currency received, per unit sent. */
export const currencyOf = (quote: Quote, figure: Figure): string =>
  figure === 'sender_amount' ? quote.sender_currency : figure === 'fee_amount' ? quote.fee_currency : quote.receiver_currency;

/** The figures `after` changed from `before`; none when the two are not quotes of the same pair (or fee currency). */
export function quoteChanges(before: Quote, after: Quote): QuoteChanges {
  const samePair =
    before.sender_currency === after.sender_currency &&
    before.receiver_currency === after.receiver_currency &&
    before.fee_currency === after.fee_currency;
  if (!samePair) return {};
  const changes: QuoteChanges = {};
  for (const figure of FIGURES) {
    const was = before[figure];
    const now = after[figure];
    if (was === now) continue;
    if (!isWireDecimal(was) || !isWireDecimal(now)) {
      changes[figure] = { was, way: 'changed' };
      continue;
    }
    const order = compareDecimals(now, was);
    if (order !== 0) changes[figure] = { was, way: order > 0 ? 'up' : 'down' };
  }
  return changes;
}

/** "up from 61,234.51 EUR": the words beside a changed figure. */
export function changeWords(intl: IntlShape, quote: Quote, figure: Figure, change: FigureChange): string {
  const currency = currencyOf(quote, figure);
  const was = isWireDecimal(change.was) ? formatAmount(change.was, currency) : change.was;
  return intl.formatMessage({ id: 'quotes.change.from' }, { way: change.way, was, currency });
}

/** What a new quote's arrival says aloud, politely, when it changed anything: "New quote: price up from … to …". */
export function renewalWords(intl: IntlShape, quote: Quote, changes: QuoteChanges): string | null {
  const parts = FIGURES.flatMap((figure) => {
    const change = changes[figure];
    if (!change) return [];
    const now = isWireDecimal(quote[figure]) ? formatAmount(quote[figure], currencyOf(quote, figure)) : quote[figure];
    const currency = currencyOf(quote, figure);
    return [intl.formatMessage({ id: 'quotes.change.part' }, { figure, change: changeWords(intl, quote, figure, change), now, currency })];
  });
  // A list of separate changes, each a whole phrase of its own: the semicolon is the list's punctuation.
  return parts.length === 0 ? null : intl.formatMessage({ id: 'quotes.change.announce' }, { changes: parts.join('; ') });
}
