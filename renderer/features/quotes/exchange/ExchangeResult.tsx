import { exchangeOrderStatus, exchangeOrderType } from '../../../../shared/api/exchange.ts';
import type { ExchangeOrder } from '../../../../shared/api/exchange.ts';
import { Amount } from '../../../components/Amount.tsx';
import { CopyableText } from '../../../components/CopyableText.tsx';
import { DateTime } from '../../../components/DateTime.tsx';
import { UnrecognisedValue } from '../../../components/UnrecognisedValue.tsx';
import { LookupLink } from './LookupLink.tsx';

/**
 * The order the service placed (spec 2.4): its id, its status (`processing` right after placement,
 * then `confirmed`: docs/service-interface.md, "States beyond the spec") and the amounts exactly as it answered them.
 */
export function ExchangeResult({ order, placedAt, onLeave }: { order: ExchangeOrder; placedAt: number; onLeave?: () => void }) {
  return (
    <div className="exchange-result" data-testid="exchange-result">
      <dl className="exchange-figures">
        <div>
          <dt>Order id</dt>
          <dd className="mono" data-testid="order-id">
            {order.id}
          </dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd data-testid="order-status">
            {exchangeOrderStatus.read(order.status).known ? (
              <span className="order-status">{order.status}</span>
            ) : (
              <UnrecognisedValue what="status" value={order.status} />
            )}
          </dd>
        </div>
        {/* Every order is an `exchange` (spec 2.4): only another type is worth a line, flagged. */}
        {!exchangeOrderType.read(order.type).known && (
          <div>
            <dt>Type</dt>
            <dd data-testid="order-type">
              <UnrecognisedValue what="type" value={order.type} />
            </dd>
          </div>
        )}
        <div>
          <dt>Foreign id</dt>
          <dd>
            <CopyableText value={order.foreign_id} what="foreign id" testId="order-foreign-id" />
          </dd>
        </div>
        <div>
          <dt>You send</dt>
          <dd>
            <Amount value={order.sender_amount} currency={order.sender_currency} />
          </dd>
        </div>
        <div>
          <dt>You receive</dt>
          <dd>
            <Amount value={order.receiver_amount} currency={order.receiver_currency} />
          </dd>
        </div>
        <div>
          <dt>Fee</dt>
          <dd>
            <Amount value={order.fee_amount} currency={order.fee_currency} />
          </dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd>
            1 {order.sender_currency} = <Amount value={order.price} currency={order.receiver_currency} />
          </dd>
        </div>
        <div>
          <dt>Placed at</dt>
          <dd>
            <DateTime value={placedAt} />
          </dd>
        </div>
      </dl>
      <p>
        <LookupLink query={{ id: order.id }} onLeave={onLeave}>
          Look up this transaction
        </LookupLink>{' '}
        <span className="muted">to follow its status.</span>
      </p>
    </div>
  );
}
