import { FormattedMessage, useIntl } from 'react-intl';
import type { Quote } from '../../../shared/api/quote.ts';
import { Amount } from '../../components/Amount.tsx';
import { SPACE } from '../../components/locale.ts';
import type { Figure, QuoteChanges } from './quote-changes.ts';
import { changeWords, currencyOf } from './quote-changes.ts';

/** The mark beside a changed figure: a shape, not a word (the words beside it say which way). */
const WAY_MARKS = { up: '▲', down: '▼', changed: '•' } as const;

type Props = {
  term: string;
  quote: Quote;
  /** What a renewal changed (use-renewal-changes.ts): a changed figure is marked (quote.css) and says from what. */
  changes: QuoteChanges;
  figure: Figure;
  testId?: string;
  className?: string;
};

/**
 * One figure of a quote, as a row of the card's or the review's definition list: the amount at its
 * currency's places (the price as "1 BTC = … EUR"), and, when a renewal changed it, which way and
 * from what, in words beside it ("▲ up from 61,234.51 EUR"), not by its mark alone.
 */
export function QuoteFigure({ term, quote, changes, figure, testId, className }: Props) {
  const change = changes[figure];
  const intl = useIntl();
  const amount = <Amount value={quote[figure]} currency={currencyOf(quote, figure)} />;
  return (
    <div className={className}>
      <dt>{term}</dt>
      <dd data-testid={testId} className={change ? 'quote-changed' : undefined}>
        {figure === 'price' ? (
          <FormattedMessage id="quotes.figure.priceValue" values={{ currency: quote.sender_currency, amount }} />
        ) : (
          amount
        )}
        {change && (
          <span className="quote-was" data-testid={`${figure}-was`}>
            {SPACE}
            <span aria-hidden="true">{WAY_MARKS[change.way]}</span>
            {SPACE}
            {changeWords(intl, quote, figure, change)}
          </span>
        )}
      </dd>
    </div>
  );
}
