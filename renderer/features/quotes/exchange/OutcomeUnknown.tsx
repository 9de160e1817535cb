import { FormattedMessage, useIntl } from 'react-intl';
import type { Quote } from '../../../../shared/api/quote.ts';
import { formatDecimal } from '../../../../shared/money/decimal.ts';
import { CopyableText } from '../../../components/CopyableText.tsx';
import { DateTime } from '../../../components/DateTime.tsx';
import { SPACE } from '../../../components/locale.ts';
import { LookupLink } from './LookupLink.tsx';
import { exchangeVerb } from './placement.ts';

/**
 * The request may have reached the service and no usable answer came back (docs/service-interface.md,
 * "Lost responses"): the exchange may or may not exist. The console does not guess and does not send it
 * again; it gives the foreign id to check, and offers nothing that would place another.
 */
type Props = { foreignId: string; quote: Quote; message: string; at: number; onLeave?: () => void };

export function OutcomeUnknown({ foreignId, quote, message, at, onLeave }: Props) {
  const intl = useIntl();
  return (
    <div className="exchange-unknown" data-testid="exchange-unknown">
      <p className="exchange-unknown-head" role="alert">
        <FormattedMessage id="quotes.unknown.head" />
      </p>
      <p>{message}</p>
      <dl className="exchange-figures">
        <div>
          <dt>
            <FormattedMessage id="quotes.unknown.foreignId" />
          </dt>
          <dd>
            <CopyableText value={foreignId} what={intl.formatMessage({ id: 'quotes.result.foreignIdWhat' })} testId="unknown-foreign-id" />
          </dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="quotes.unknown.askedFor" />
          </dt>
          <dd>
            <FormattedMessage id="quotes.unknown.askedValue" values={{ what: exchangeVerb(intl, quote), price: formatDecimal(quote.price) }} />
          </dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="quotes.unknown.sentAt" />
          </dt>
          <dd>
            <DateTime value={at} />
          </dd>
        </div>
      </dl>
      <p>
        <LookupLink query={{ foreign_id: foreignId }} onLeave={onLeave}>
          <FormattedMessage id="quotes.unknown.lookUp" />
        </LookupLink>
        {SPACE}
        <span className="muted">
          <FormattedMessage id="quotes.unknown.after" />
        </span>
      </p>
    </div>
  );
}
