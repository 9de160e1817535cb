import type { KeyboardEvent } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import type { Quote } from '../../../../shared/api/quote.ts';
import { announce } from '../../../components/announce.ts';
import { Countdown } from '../../../components/Countdown.tsx';
import { useModalDialog } from '../../../components/use-modal-dialog.ts';
import { useReached } from '../../../components/use-now.ts';
import type { AppError } from '../../../bridge.ts';
import { appErrorOf } from '../../../bridge.ts';
import { useActiveProfile } from '../../../components/use-profiles.ts';
import { ExchangeResult } from './ExchangeResult.tsx';
import { ExchangeReview } from './ExchangeReview.tsx';
import { newForeignId } from './foreign-id.ts';
import { LookupLink } from './LookupLink.tsx';
import type { ExchangeOutcome } from './outcome.ts';
import { OutcomeUnknown } from './OutcomeUnknown.tsx';
import { exchangeVerb, placementOutcomeOf, refusalNote } from './placement.ts';
import { usePlaceExchange } from './use-place-exchange.ts';
import './exchange.css';

type Props = {
  /** The live quote under review; a re-quote replaces it while the dialog is open. */
  quote: Quote;
  /** The id main holds the quote under: the placement names it, and main places what it holds. */
  quoteId: string;
  /** When main releases the quote (epoch ms, main's clock, which is this computer's). */
  releaseAt: number;
  requoting: boolean;
  /** After a rate-limit refusal: when the next quote is possible. */
  retryAt: number | null;
  /** A foreign id whose outcome is still unknown, to warn before another exchange is placed. */
  unresolved: string | null;
  onRequote(): void;
  onOutcome(outcome: ExchangeOutcome): void;
  onClose(): void;
};

type Phase = { kind: 'review' } | { kind: 'placed'; outcome: Extract<ExchangeOutcome, { kind: 'placed' }> } | { kind: 'unknown'; outcome: Extract<ExchangeOutcome, { kind: 'unknown' }> };

/**
 * Review, place, result: one native modal <dialog> (focus trapped, Esc cancels, focus goes back to
 * the opener). Placing happens at most once per foreign id: the button is disabled while the call
 * is in flight and a ref refuses a second click in the same frame; the mutation never retries; a
 * lost answer ends in "outcome unknown" with nothing offered that would place again. Only after a
 * clear refusal may the person try again, and then with a new foreign id.
 * Once the quote is released, Confirm is disabled and R (or Enter on the focused "Get a new quote")
 * asks for a new one.
 *
 * On a live profile the one confirmation is main's own native dialog (issue 11), which shows the
 * quote main holds: this dialog asks nothing of its own there. It sends the placement as it opens,
 * and shows the review while the person answers main's window.
 */
export function ExchangeDialog({ quote, quoteId, releaseAt, requoting, retryAt, unresolved, onRequote, onOutcome, onClose }: Props) {
  const dialogRef = useModalDialog(true);
  const newQuoteRef = useRef<HTMLButtonElement>(null);
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const placing = useRef(false);
  const titleId = useId();
  const profile = useActiveProfile();
  const place = usePlaceExchange();
  const [foreignId, setForeignId] = useState(() => newForeignId());
  const [refusal, setRefusal] = useState<AppError | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'review' });
  const released = useReached(releaseAt);
  const reviewing = phase.kind === 'review';
  const live = profile?.kind === 'live';

  // The safe choice first (showModal picks the first focusable element, the heading). The effect of
  // useModalDialog, declared before this one, has opened the dialog when this runs.
  useEffect(() => {
    cancelRef.current?.focus();
  }, []);

  // Released while reviewing: the one way on is a new quote, so that button gets the focus.
  useEffect(() => {
    if (released && reviewing) {
      newQuoteRef.current?.focus();
      announce('The quote was released. Press R for a new quote.');
    }
  }, [released, reviewing]);

  // A new quote replaced the one under review: its figures are read first, never Confirm.
  const firstQuote = useRef(quote);
  useEffect(() => {
    if (quote !== firstQuote.current && reviewing) {
      summaryRef.current?.focus();
      announce(`New quote: ${exchangeVerb(quote)}`);
    }
  }, [quote, reviewing]);

  useEffect(() => {
    if (!reviewing) headingRef.current?.focus();
  }, [reviewing]);

  const close = () => {
    if (place.isPending) return;
    dialogRef.current?.close(); // gives the focus back to the opener
    onClose();
  };

  const confirm = () => {
    if (placing.current || released || !reviewing) return;
    placing.current = true;
    setRefusal(null);
    const at = Date.now();
    place.mutate({ quoteId, foreignId }, {
      onSuccess: ({ order }) => {
        const outcome = { kind: 'placed', order, placedAt: at } as const;
        setPhase({ kind: 'placed', outcome });
        onOutcome(outcome);
        announce(`Exchange placed: order ${order.id}, ${order.status}`);
      },
      onError: (thrown) => {
        const error = appErrorOf(thrown);
        if (placementOutcomeOf(error) === 'unknown') {
          const outcome = { kind: 'unknown', foreignId, quote, message: error.message, at } as const;
          setPhase({ kind: 'unknown', outcome });
          onOutcome(outcome);
          return;
        }
        // A clear no: nothing was placed. Another try is another exchange, with its own foreign id.
        setRefusal(error);
        setForeignId(newForeignId());
        placing.current = false;
      },
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    const plain = !event.ctrlKey && !event.altKey && !event.metaKey;
    if (plain && (event.key === 'r' || event.key === 'R') && reviewing && released && !requoting) {
      event.preventDefault();
      onRequote();
    }
  };

  // Live: main asks the person (see above), so opening the review is asking main to place.
  const asksMain = useRef(live);
  useEffect(() => {
    if (asksMain.current) confirm();
    // Once, as the dialog opens; a refusal leaves the ordinary button to try again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const verb = exchangeVerb(quote);
  return (
    <dialog
      ref={dialogRef}
      className="dialog exchange-dialog"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <h2 id={titleId} ref={headingRef} tabIndex={-1}>
        {phase.kind === 'review' ? 'Review the exchange' : phase.kind === 'placed' ? 'Exchange placed' : 'Outcome unknown'}
      </h2>

      {phase.kind === 'review' && (
        <>
          {unresolved && (
            <p className="exchange-warning">
              The outcome of exchange <span className="mono">{unresolved}</span> is still unknown. Check it before placing
              another.
            </p>
          )}
          <ExchangeReview ref={summaryRef} quote={quote} releaseAt={releaseAt} foreignId={foreignId} profile={profile} />
          {live && (
            <p className="exchange-live-note" role="status" data-testid="exchange-live-note">
              {place.isPending
                ? 'Confirm or cancel this exchange in the window Merchant Console opened. It shows the quote the app holds; nothing is placed without your yes there.'
                : 'On a live profile you confirm each exchange once, in the window Merchant Console opens.'}
            </p>
          )}
          {released && (
            <p className="exchange-released" role="alert">
              This quote was released, so it can no longer be placed. Press <kbd>R</kbd>, or Enter on &ldquo;Get a new
              quote&rdquo;, for a new one.
            </p>
          )}
          {retryAt !== null && (
            <p className="exchange-wait" role="status">
              Quotes are paused by the rate limit. The next is possible in{' '}
              <Countdown untilMs={retryAt} label="Time until the next quote is possible" expired="a moment" />, and is asked
              for by itself.
            </p>
          )}
          {refusal && (
            <div className="form-error exchange-refusal" role="alert">
              <p>{refusal.message}</p>
              <p>{refusalNote(refusal)}</p>
              {refusal.kind === 'already_sent' && (
                <p>
                  <LookupLink query={{ foreign_id: refusal.foreignId }} onLeave={close}>
                    Look up {refusal.foreignId}
                  </LookupLink>
                </p>
              )}
            </div>
          )}
          <div className="dialog-actions">
            <button type="button" className="button" ref={cancelRef} onClick={close} disabled={place.isPending}>
              Cancel
            </button>
            {released && (
              <button type="button" className="button" ref={newQuoteRef} onClick={onRequote} disabled={requoting} aria-keyshortcuts="R">
                {requoting ? 'Getting a new quote…' : 'Get a new quote (R)'}
              </button>
            )}
            <button type="button" className="button button-primary" onClick={confirm} disabled={released || place.isPending}>
              {place.isPending ? (live ? 'Waiting for your confirmation…' : 'Placing…') : verb}
            </button>
          </div>
        </>
      )}

      {phase.kind === 'placed' && (
        <>
          <ExchangeResult order={phase.outcome.order} placedAt={phase.outcome.placedAt} onLeave={close} />
          <CloseAction onClose={close} />
        </>
      )}

      {phase.kind === 'unknown' && (
        <>
          <OutcomeUnknown {...phase.outcome} onLeave={close} />
          <CloseAction onClose={close} />
        </>
      )}
    </dialog>
  );
}

/** The one way out once the order is placed or its outcome unknown: nothing is left to decide here. */
function CloseAction({ onClose }: { onClose: () => void }) {
  return (
    <div className="dialog-actions">
      <button type="button" className="button" onClick={onClose}>
        Close
      </button>
    </div>
  );
}
