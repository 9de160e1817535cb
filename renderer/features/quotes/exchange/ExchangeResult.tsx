import { FormattedMessage, useIntl } from 'react-intl';
import { exchangeOrderStatus, exchangeOrderType } from '../../../../shared/api/exchange.ts';
import type { ExchangeOrder } from '../../../../shared/api/exchange.ts';
import { Amount } from '../../../components/Amount.tsx';
import { CopyableText } from '../../../components/CopyableText.tsx';
import { DateTime } from '../../../components/DateTime.tsx';
import { SPACE } from '../../../components/locale.ts';
import { UnrecognisedValue } from '../../../components/UnrecognisedValue.tsx';
import { LookupLink } from './LookupLink.tsx';

/**
 * The order the service placed (spec 2.4): its id, its status (`processing` right after placement,
 * then `confirmed`: docs/service-interface.md, "States beyond the spec") and the amounts exactly as it answered them.
 */
export function ExchangeResult({ order, placedAt, onLeave }: { order: ExchangeOrder; placedAt: number; onLeave?: () => void }) {
  const intl = useIntl();
  return (
    <div className="exchange-result" data-testid="exchange-result">
      <dl className="exchange-figures">
        <div>
          <dt>
            <FormattedMessage id="quotes.result.orderId" />
          </dt>
          <dd className="mono" data-testid="order-id">
            {order.id}
          </dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="quotes.result.status" />
          </dt>
          <dd data-testid="order-status">
            {exchangeOrderStatus.read(order.status).known ? (
              <span className="order-status">{order.status}</span>
            ) : (
              <UnrecognisedValue what={intl.formatMessage({ id: 'quotes.result.statusWhat' })} value={order.status} />
            )}
          </dd>
        </div>
        {/* Every order is an `exchange` (spec 2.4): only another type is worth a line, flagged. */}
        {!exchangeOrderType.read(order.type).known && (
          <div>
            <dt>
              <FormattedMessage id="quotes.result.type" />
            </dt>
            <dd data-testid="order-type">
              <UnrecognisedValue what={intl.formatMessage({ id: 'quotes.result.typeWhat' })} value={order.type} />
            </dd>
          </div>
        )}
        <div>
          <dt>
            <FormattedMessage id="quotes.review.foreignId" />
          </dt>
          <dd>
            <CopyableText value={order.foreign_id} what={intl.formatMessage({ id: 'quotes.result.foreignIdWhat' })} testId="order-foreign-id" />
          </dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="quotes.figure.send" />
          </dt>
          <dd>
            <Amount value={order.sender_amount} currency={order.sender_currency} />
          </dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="quotes.figure.receive" />
          </dt>
          <dd>
            <Amount value={order.receiver_amount} currency={order.receiver_currency} />
          </dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="quotes.figure.fee" />
          </dt>
          <dd>
            <Amount value={order.fee_amount} currency={order.fee_currency} />
          </dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="quotes.figure.price" />
          </dt>
          <dd>
            <FormattedMessage
              id="quotes.figure.priceValue"
              values={{ currency: order.sender_currency, amount: <Amount value={order.price} currency={order.receiver_currency} /> }}
            />
          </dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="quotes.result.placedAt" />
          </dt>
          <dd>
            <DateTime value={placedAt} />
          </dd>
        </div>
      </dl>
      <p>
        <LookupLink query={{ id: order.id }} onLeave={onLeave}>
          <FormattedMessage id="quotes.result.lookUp" />
        </LookupLink>
        {SPACE}
        <span className="muted">
          <FormattedMessage id="quotes.result.follow" />
        </span>
      </p>
    </div>
  );
}
