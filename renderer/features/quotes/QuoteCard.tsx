import { useEffect, useId, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Countdown } from '../../components/Countdown.tsx';
import { DateTime } from '../../components/DateTime.tsx';
import { SPACE } from '../../components/locale.ts';
import { useReached } from '../../components/use-now.ts';
import { QuoteFigure } from './QuoteFigure.tsx';
import { useRenewalChanges } from './use-renewal-changes.ts';
import { URGENT_SECONDS } from './quote-words.ts';
import { TotalDebitedFigure } from './TotalDebitedFigure.tsx';
import type { LiveQuote } from './use-live-quote.ts';

type Props = {
  live: LiveQuote;
  requoting: boolean;
  /** False while the window is hidden: no re-quote then, and the card says so. */
  visible: boolean;
  /** A rate-limit wait is on: the card does not also say "getting a new quote". */
  waiting: boolean;
  /** Why this quote can place nothing more (a placement used it up), or null while it can. */
  spent: string | null;
  onExchange(): void;
  onRequote(): void;
};

/**
 * The quote as the service fixed it: both amounts, the fee and the price exactly as sent, when it
 * was fixed (UTC and local) and how long it still holds. Once released it stays on screen, marked
 * so, until the new one arrives; "Exchange at this rate" is offered only while it holds and no
 * placement has used it up. A used one says why in one line, and offers a new quote, which takes the focus.
 */
export function QuoteCard({ live, requoting, visible, waiting, spent, onExchange, onRequote }: Props) {
  const { quote, releaseAt } = live;
  const changes = useRenewalChanges(live.quoteId, live.quote, { say: true });
  const released = useReached(releaseAt);
  const spentId = useId();
  const newQuoteRef = useRef<HTMLButtonElement>(null);
  const intl = useIntl();
  useEffect(() => {
    if (spent !== null) newQuoteRef.current?.focus();
  }, [spent]);
  return (
    <section className={released ? 'panel quote-card quote-card-released' : 'panel quote-card'} aria-labelledby="quote-card-title" data-testid="live-quote">
      <div className="quote-card-head">
        <h2 id="quote-card-title">
          <FormattedMessage id="quotes.card.title" values={{ from: quote.sender_currency, to: quote.receiver_currency }} />
        </h2>
        <Countdown
          untilMs={releaseAt}
          label={intl.formatMessage({ id: 'quotes.card.timeLeft' })}
          expired={intl.formatMessage({ id: 'quotes.card.expired' })}
          urgentWithin={URGENT_SECONDS}
        />
      </div>
      {/* Keyed by the quote, so that a renewal's highlight plays again for each new quote. */}
      <dl className="quote-figures" key={live.quoteId}>
        <QuoteFigure term={intl.formatMessage({ id: 'quotes.figure.send' })} quote={quote} changes={changes} figure="sender_amount" testId="quote-sender-amount" />
        <QuoteFigure term={intl.formatMessage({ id: 'quotes.figure.receive' })} quote={quote} changes={changes} figure="receiver_amount" testId="quote-receiver-amount" />
        <QuoteFigure term={intl.formatMessage({ id: 'quotes.figure.fee' })} quote={quote} changes={changes} figure="fee_amount" testId="quote-fee" />
        <div>
          <dt>
            <FormattedMessage id="quotes.figure.totalDebited" />
          </dt>
          <dd data-testid="quote-total-debited">
            <TotalDebitedFigure quote={quote} />
          </dd>
        </div>
        <QuoteFigure term={intl.formatMessage({ id: 'quotes.figure.price' })} quote={quote} changes={changes} figure="price" testId="quote-price" className="quote-price" />
      </dl>
      <dl className="quote-times">
        <div>
          <dt>
            <FormattedMessage id="quotes.card.fixedAt" />
          </dt>
          <dd>
            <DateTime value={quote.ts_fixed * 1000} />
          </dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="quotes.card.releasedAt" />
          </dt>
          <dd>
            <DateTime value={quote.ts_release * 1000} />
            {SPACE}
            <span className="muted">
              <FormattedMessage id="quotes.card.serviceClock" />
            </span>
          </dd>
        </div>
      </dl>
      <p className="quote-status" role="status">
        {released && requoting && <FormattedMessage id="quotes.card.releasedRequoting" />}
        {released && !requoting && !visible && <FormattedMessage id="quotes.card.releasedHidden" />}
        {released && !requoting && visible && !waiting && <FormattedMessage id="quotes.card.released" />}
      </p>
      <div className="form-actions quote-card-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={released || spent !== null}
          aria-describedby={spent !== null ? spentId : undefined}
          onClick={onExchange}
        >
          <FormattedMessage id="quotes.card.exchange" />
        </button>
        {spent !== null && (
          <>
            <span id={spentId} className="quote-spent" data-testid="quote-spent">
              {spent}
            </span>
            <button type="button" className="button" ref={newQuoteRef} disabled={requoting} onClick={onRequote}>
              <FormattedMessage id={requoting ? 'quotes.card.gettingNewQuote' : 'quotes.card.newQuote'} />
            </button>
          </>
        )}
      </div>
      <p className="field-hint">
        <FormattedMessage id="quotes.card.note" values={{ seconds: quote.ts_release - quote.ts_fixed }} />
      </p>
    </section>
  );
}
