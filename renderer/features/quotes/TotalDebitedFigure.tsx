import { FormattedMessage } from 'react-intl';
import type { ReactNode } from 'react';
import type { Quote } from '../../../shared/api/quote.ts';
import { Amount } from '../../components/Amount.tsx';
import { totalDebited } from './total-debited.ts';

const muted = (chunks: ReactNode[]) => <span className="muted">{chunks}</span>;

/** The total an exchange at `quote` takes from the balances (total-debited.ts), as one figure where it can be added up. */
export function TotalDebitedFigure({ quote }: { quote: Pick<Quote, 'sender_amount' | 'sender_currency' | 'fee_amount' | 'fee_currency'> }) {
  const total = totalDebited(quote);
  if (total.kind === 'unknown') {
    return (
      <span className="muted">
        <FormattedMessage id="quotes.total.unknown" />
      </span>
    );
  }
  if (total.kind === 'one') {
    return <FormattedMessage id="quotes.total.one" values={{ amount: <Amount value={total.amount} currency={total.currency} />, muted }} />;
  }
  return (
    <FormattedMessage
      id="quotes.total.two"
      values={{
        amount: <Amount value={total.amount} currency={total.currency} />,
        fee: <Amount value={total.fee} currency={total.feeCurrency} />,
        currency: total.feeCurrency,
        muted,
      }}
    />
  );
}
