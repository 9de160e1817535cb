import type { FixedExchangeRequest } from '../../../../shared/api/exchange.ts';
import { formatDecimal } from '../../../../shared/money/decimal.ts';
import { CopyableText } from '../../../components/CopyableText.tsx';
import { DateTime } from '../../../components/DateTime.tsx';
import { LookupLink } from './LookupLink.tsx';

/**
 * The request may have reached the service and no usable answer came back (docs/service-interface.md,
 * "Lost responses"): the exchange may or may not exist. The console does not guess and does not send it
 * again; it gives the foreign id to check, and offers nothing that would place another.
 */
export function OutcomeUnknown({ request, message, at, onLeave }: { request: FixedExchangeRequest; message: string; at: number; onLeave?: () => void }) {
  const amount =
    request.sender_amount !== undefined
      ? `${formatDecimal(request.sender_amount)} ${request.sender_currency} sent`
      : `${formatDecimal(request.receiver_amount ?? '')} ${request.receiver_currency} received`;
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
            <CopyableText value={request.foreign_id} what="foreign id" testId="unknown-foreign-id" />
          </dd>
        </div>
        <div>
          <dt>Asked for</dt>
          <dd>
            {amount} at a price of {formatDecimal(request.price)} ({request.sender_currency} to {request.receiver_currency})
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
        <LookupLink query={{ foreign_id: request.foreign_id }} onLeave={onLeave}>
          Look up this foreign id
        </LookupLink>{' '}
        <span className="muted">or check the back office before exchanging again. It is not sent again from here.</span>
      </p>
    </div>
  );
}
