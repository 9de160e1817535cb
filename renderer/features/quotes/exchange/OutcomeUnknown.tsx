import type { Quote } from '../../../../shared/api/quote.ts';
import { formatDecimal } from '../../../../shared/money/decimal.ts';
import { CopyableText } from '../../../components/CopyableText.tsx';
import { DateTime } from '../../../components/DateTime.tsx';
import { LookupLink } from './LookupLink.tsx';
import { exchangeVerb } from './placement.ts';

/**
 * The request may have reached the service and no usable answer came back (docs/service-interface.md,
 * "Lost responses"): the exchange may or may not exist. The console does not guess and does not send it
 * again; it gives the foreign id to check, and offers nothing that would place another.
 */
type Props = { foreignId: string; quote: Quote; message: string; at: number; onLeave?: () => void };

export function OutcomeUnknown({ foreignId, quote, message, at, onLeave }: Props) {
  return (
    <div className="exchange-unknown" data-testid="exchange-unknown">
      <p className="exchange-unknown-head" role="alert">
        Outcome unknown: the exchange may or may not have been placed.
      </p>
      <p>{message}</p>
      <dl className="exchange-figures">
        <div>
          <dt>Foreign id to check</dt>
          <dd>
            <CopyableText value={foreignId} what="foreign id" testId="unknown-foreign-id" />
          </dd>
        </div>
        <div>
          <dt>Asked for</dt>
          <dd>
            {exchangeVerb(quote)} at a price of {formatDecimal(quote.price)}
          </dd>
        </div>
        <div>
          <dt>Sent at</dt>
          <dd>
            <DateTime value={at} />
          </dd>
        </div>
      </dl>
      <p>
        <LookupLink query={{ foreign_id: foreignId }} onLeave={onLeave}>
          Look up this foreign id
        </LookupLink>{' '}
        <span className="muted">or check the back office before exchanging again. It is not sent again from here.</span>
      </p>
    </div>
  );
}
