import type { ReactNode } from 'react';
import { forwardRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Quote } from '../../../../shared/api/quote.ts';
import type { ProfileView } from '../../../../shared/ipc/profile.ts';
import { Countdown } from '../../../components/Countdown.tsx';
import { DateTime } from '../../../components/DateTime.tsx';
import { KindBadge } from '../../../components/KindBadge.tsx';
import { SPACE } from '../../../components/locale.ts';
import { QuoteFigure } from '../QuoteFigure.tsx';
import { TotalDebitedFigure } from '../TotalDebitedFigure.tsx';
import { useRenewalChanges } from '../use-renewal-changes.ts';
import { URGENT_SECONDS } from '../quote-words.ts';
import { exchangeVerb } from './placement.ts';

type Props = {
  quote: Quote;
  /** The id main holds the quote under: a new one is a new quote, whose changed figures are marked. */
  quoteId: string;
  releaseAt: number;
  foreignId: string;
  profile: ProfileView | null;
};

/**
 * What the person is about to agree to: the account it goes to (LIVE is loud), the amounts, the
 * price and the fee as quoted, the total the exchange takes from the balances, the time the rate still holds, and the foreign id the
 * exchange will carry. A new quote's changed figures are marked, with which way and from what. The summary takes the focus when a new quote replaces the reviewed one, so
 * the new figures are read before anything else.
 */
export const ExchangeReview = forwardRef<HTMLParagraphElement, Props>(function ExchangeReview({ quote, quoteId, releaseAt, foreignId, profile }, summaryRef) {
  const changes = useRenewalChanges(quoteId, quote, { say: false });
  const intl = useIntl();
  return (
    <div className="exchange-review">
      {profile && (
        <p className="exchange-profile">
          <FormattedMessage id="quotes.review.profile" values={{ name: profile.name, strong: (chunks: ReactNode[]) => <strong>{chunks}</strong> }} />
          {SPACE}
          <KindBadge kind={profile.kind} />
          {profile.kind === 'live' && (
            <span className="exchange-live-note">
              {SPACE}
              <FormattedMessage id="quotes.review.realMoney" />
            </span>
          )}
        </p>
      )}
      <p className="exchange-summary" tabIndex={-1} ref={summaryRef} data-testid="exchange-summary">
        {exchangeVerb(intl, quote)}
      </p>
      <dl className="exchange-figures">
        <QuoteFigure term={intl.formatMessage({ id: 'quotes.figure.send' })} quote={quote} changes={changes} figure="sender_amount" />
        <QuoteFigure term={intl.formatMessage({ id: 'quotes.figure.receive' })} quote={quote} changes={changes} figure="receiver_amount" />
        <QuoteFigure term={intl.formatMessage({ id: 'quotes.figure.price' })} quote={quote} changes={changes} figure="price" />
        <QuoteFigure term={intl.formatMessage({ id: 'quotes.figure.fee' })} quote={quote} changes={changes} figure="fee_amount" />
        <div>
          <dt>
            <FormattedMessage id="quotes.figure.totalDebited" />
          </dt>
          <dd data-testid="review-total-debited">
            <TotalDebitedFigure quote={quote} />
          </dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="quotes.review.timeLeft" />
          </dt>
          <dd>
            <Countdown
              untilMs={releaseAt}
              label={intl.formatMessage({ id: 'quotes.review.countdown' })}
              expired={intl.formatMessage({ id: 'quotes.card.expired' })}
              urgentWithin={URGENT_SECONDS}
            />
            {SPACE}
            <span className="muted">
              <FormattedMessage id="quotes.review.fixedAt" values={{ at: <DateTime value={quote.ts_fixed * 1000} /> }} />
            </span>
          </dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="quotes.review.foreignId" />
          </dt>
          <dd className="mono break" data-testid="review-foreign-id">
            {foreignId}
          </dd>
        </div>
      </dl>
    </div>
  );
});
