import { useEffect, useId, useRef } from 'react';
import { Countdown } from '../../components/Countdown.tsx';
import { DateTime } from '../../components/DateTime.tsx';
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
  useEffect(() => {
    if (spent !== null) newQuoteRef.current?.focus();
  }, [spent]);
  return (
    <section className={released ? 'panel quote-card quote-card-released' : 'panel quote-card'} aria-labelledby="quote-card-title" data-testid="live-quote">
      <div className="quote-card-head">
        <h2 id="quote-card-title">
          {quote.sender_currency} to {quote.receiver_currency}
        </h2>
        <Countdown untilMs={releaseAt} label="Time left at this rate" expired="released" urgentWithin={URGENT_SECONDS} />
      </div>
      {/* Keyed by the quote, so that a renewal's highlight plays again for each new quote. */}
      <dl className="quote-figures" key={live.quoteId}>
        <QuoteFigure term="You send" quote={quote} changes={changes} figure="sender_amount" testId="quote-sender-amount" />
        <QuoteFigure term="You receive" quote={quote} changes={changes} figure="receiver_amount" testId="quote-receiver-amount" />
        <QuoteFigure term="Fee" quote={quote} changes={changes} figure="fee_amount" testId="quote-fee" />
        <div>
          <dt>Total debited</dt>
          <dd data-testid="quote-total-debited">
            <TotalDebitedFigure quote={quote} />
          </dd>
        </div>
        <QuoteFigure term="Price" quote={quote} changes={changes} figure="price" testId="quote-price" className="quote-price" />
      </dl>
      <dl className="quote-times">
        <div>
          <dt>Fixed at</dt>
          <dd>
            <DateTime value={quote.ts_fixed * 1000} />
          </dd>
        </div>
        <div>
          <dt>Released at</dt>
          <dd>
            <DateTime value={quote.ts_release * 1000} /> <span className="muted">by the service&apos;s clock</span>
          </dd>
        </div>
      </dl>
      <p className="quote-status" role="status">
        {released && requoting && 'This quote was released. Getting a new quote…'}
        {released && !requoting && !visible && 'This quote was released. A new one is asked for when the window is shown again.'}
        {released && !requoting && visible && !waiting && 'This quote was released.'}
      </p>
      <div className="form-actions quote-card-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={released || spent !== null}
          aria-describedby={spent !== null ? spentId : undefined}
          onClick={onExchange}
        >
          Exchange at this rate
        </button>
        {spent !== null && (
          <>
            <span id={spentId} className="quote-spent" data-testid="quote-spent">
              {spent}
            </span>
            <button type="button" className="button" ref={newQuoteRef} disabled={requoting} onClick={onRequote}>
              {requoting ? 'Getting a new quote…' : 'Get a new quote'}
            </button>
          </>
        )}
      </div>
      <p className="field-hint">
        Amounts at each currency&apos;s places (EUR 2, crypto 8), never rounded: every digit the service sent is shown. The countdown runs on this computer&apos;s clock from when
        the quote was asked for, a second short of the service&apos;s {quote.ts_release - quote.ts_fixed} s, so it never
        promises more time than there is.
      </p>
    </section>
  );
}
