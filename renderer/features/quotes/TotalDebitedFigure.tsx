import type { Quote } from '../../../shared/api/quote.ts';
import { Amount } from '../../components/Amount.tsx';
import { totalDebited } from './total-debited.ts';

/** The total an exchange at `quote` takes from the balances (total-debited.ts), as one figure where it can be added up. */
export function TotalDebitedFigure({ quote }: { quote: Pick<Quote, 'sender_amount' | 'sender_currency' | 'fee_amount' | 'fee_currency'> }) {
  const total = totalDebited(quote);
  if (total.kind === 'unknown') return <span className="muted">not added up: an amount does not look right</span>;
  if (total.kind === 'one') {
    return (
      <>
        <Amount value={total.amount} currency={total.currency} /> <span className="muted">(amount and fee)</span>
      </>
    );
  }
  return (
    <>
      <Amount value={total.amount} currency={total.currency} /> and <Amount value={total.fee} currency={total.feeCurrency} />{' '}
      <span className="muted">(the fee, from the {total.feeCurrency} balance)</span>
    </>
  );
}
