import { FormattedMessage } from 'react-intl';
import { ExchangeResult } from './ExchangeResult.tsx';
import type { ExchangeOutcome } from './outcome.ts';
import { OutcomeUnknown } from './OutcomeUnknown.tsx';
import './exchange.css';

/** The last placement of this visit, still on screen after its review was closed. */
export function LastExchange({ outcome }: { outcome: ExchangeOutcome }) {
  return (
    <section className="panel last-exchange" aria-labelledby="last-exchange-title" data-testid="last-exchange">
      <h2 id="last-exchange-title">
        <FormattedMessage id={outcome.kind === 'placed' ? 'quotes.last.placed' : 'quotes.last.unknown'} />
      </h2>
      {outcome.kind === 'placed' ? (
        <ExchangeResult order={outcome.order} placedAt={outcome.placedAt} />
      ) : (
        <OutcomeUnknown foreignId={outcome.foreignId} quote={outcome.quote} message={outcome.message} at={outcome.at} />
      )}
    </section>
  );
}
