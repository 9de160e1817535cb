import type { KeyboardEvent, ReactNode } from 'react';
import { useEffect, useId, useReducer, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Quote } from '../../../../shared/api/quote.ts';
import { newForeignId } from '../../../../shared/submission/foreign-id.ts';
import { announce } from '../../../components/announce.ts';
import { Countdown } from '../../../components/Countdown.tsx';
import { useModalDialog } from '../../../components/use-modal-dialog.ts';
import { useReached } from '../../../components/use-now.ts';
import { appErrorOf } from '../../../bridge.ts';
import { useActiveProfile } from '../../../components/use-profiles.ts';
import { DuplicateNotice } from '../../../components/submission/DuplicateNotice.tsx';
import type { Made } from '../../../components/submission/made-words.ts';
import { ExchangeResult } from './ExchangeResult.tsx';
import { ExchangeReview } from './ExchangeReview.tsx';
import { LookupLink } from './LookupLink.tsx';
import type { ExchangeOutcome } from './outcome.ts';
import { OutcomeUnknown } from './OutcomeUnknown.tsx';
import { exchangeReducer, openExchange } from './exchange-machine.ts';
import { exchangeVerb, refusalNote } from './placement.ts';
import type { SpentQuote } from './spent-quote.ts';
import { spentByFailure, spentByPlacement } from './spent-quote.ts';
import { usePlaceExchange } from './use-place-exchange.ts';
import './exchange.css';

/** What a placement makes, as DuplicateNotice names it (a code of the shared notice, worded there). */
const EXCHANGE: Made = 'exchange';

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
  /** A placement settled, so its quote can place nothing more: the quote card stops offering it. */
  onSpent(spent: SpentQuote): void;
  onClose(): void;
};

/**
 * Review, place, result: one native modal <dialog> (focus trapped, Esc cancels, focus goes back to
 * the opener). What happens when is decided by the exchange machine (exchange-machine.ts); this
 * component draws its state and carries out the one thing it asks: while it is placing, send that
 * placement to main, once per foreign id. The mutation never retries. How a failure ends is main's
 * decision on it (exchange-machine.ts): an unknown outcome, with nothing offered that would place
 * again; a duplicate, in the words the forms use for one, with its foreign id to look up; or nothing
 * carried out. After either of the last two the quote is spent, so the way on is a new quote, and
 * the next try carries a new foreign id.
 * Once the quote is released or spent, the exchange button is disabled and R (or Enter on the
 * focused "Get a new quote") asks for a new one.
 *
 * On a live profile the one confirmation is main's own native dialog, which shows the quote main
 * holds: the machine starts such a review already placing, and the review stays on screen while
 * the person answers main's window.
 */
export function ExchangeDialog({ quote, quoteId, releaseAt, requoting, retryAt, unresolved, onRequote, onOutcome, onSpent, onClose }: Props) {
  const intl = useIntl();
  const dialogRef = useModalDialog(true);
  const newQuoteRef = useRef<HTMLButtonElement>(null);
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const profile = useActiveProfile();
  const { mutate: place } = usePlaceExchange();
  const [state, dispatch] = useReducer(exchangeReducer, null, () =>
    openExchange({ at: { quote, quoteId, releaseAt }, foreignId: newForeignId('exch'), live: profile?.kind === 'live', now: Date.now() }),
  );
  const reviewing = state.phase === 'review';
  const placing = state.phase === 'placing';
  const reviewed = state.phase === 'review' || state.phase === 'placing' ? state.at : null;
  // Once placed or unknown the release no longer matters: the last quote's moment stands in.
  const released = useReached(reviewed?.releaseAt ?? releaseAt);
  const refusal = state.phase === 'review' ? state.refusal : null;
  const foreignId = state.phase === 'review' || state.phase === 'placing' ? state.foreignId : '';
  const live = profile?.kind === 'live';

  // A new quote from the screen: the machine decides whether the review takes it.
  useEffect(() => {
    dispatch({ type: 'quoteReplaced', at: { quote, quoteId, releaseAt } });
  }, [quote, quoteId, releaseAt]);

  // The machine's one request to the world: send this placement, once per foreign id.
  const sentFor = useRef<string | null>(null);
  useEffect(() => {
    if (state.phase !== 'placing' || sentFor.current === state.foreignId) return;
    sentFor.current = state.foreignId;
    const placedAt = state.at.quoteId;
    place(
      { quoteId: placedAt, foreignId: state.foreignId },
      {
        onSuccess: ({ order }) => {
          onSpent(spentByPlacement(intl, placedAt, order));
          dispatch({ type: 'placed', order });
        },
        onError: (thrown) => {
          const error = appErrorOf(thrown);
          onSpent(spentByFailure(intl, placedAt, error));
          dispatch({ type: 'failed', error, nextForeignId: newForeignId('exch') });
        },
      },
    );
  }, [state, place, onSpent, intl]);

  // How it ended goes to the screen (kept after the review closes) and is said aloud, once.
  const told = useRef<ExchangeOutcome | null>(null);
  useEffect(() => {
    if (state.phase !== 'placed' && state.phase !== 'unknown') return;
    if (told.current === state.outcome) return;
    told.current = state.outcome;
    onOutcome(state.outcome);
    if (state.outcome.kind === 'placed') {
      announce(intl.formatMessage({ id: 'quotes.exchange.placedAnnounce' }, { id: state.outcome.order.id, status: state.outcome.order.status }));
    }
  }, [state, onOutcome, intl]);

  // The safe choice first (showModal picks the first focusable element, the heading). The effect of
  // useModalDialog, declared before this one, has opened the dialog when this runs.
  useEffect(() => {
    cancelRef.current?.focus();
  }, []);

  // Released or spent while reviewing: the one way on is a new quote, so that button gets the focus.
  const needsNewQuote = reviewing && (released || refusal !== null);
  useEffect(() => {
    if (needsNewQuote) newQuoteRef.current?.focus();
  }, [needsNewQuote]);
  useEffect(() => {
    if (released && reviewing) announce(intl.formatMessage({ id: 'quotes.exchange.releasedAnnounce' }));
  }, [released, reviewing, intl]);

  // A new quote replaced the one under review: its figures are read first, never the exchange button.
  const firstQuoteId = useRef(reviewed?.quoteId);
  useEffect(() => {
    if (reviewing && reviewed && reviewed.quoteId !== firstQuoteId.current) {
      summaryRef.current?.focus();
      announce(intl.formatMessage({ id: 'quotes.exchange.newQuoteAnnounce' }, { what: exchangeVerb(intl, reviewed.quote) }));
    }
  }, [reviewed, reviewing, intl]);

  useEffect(() => {
    if (!reviewing && !placing) headingRef.current?.focus();
  }, [reviewing, placing]);

  const close = () => {
    if (placing) return;
    dialogRef.current?.close(); // gives the focus back to the opener
    onClose();
  };

  const confirm = () => dispatch({ type: 'confirm', now: Date.now() });

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    const plain = !event.ctrlKey && !event.altKey && !event.metaKey;
    if (plain && (event.key === 'r' || event.key === 'R') && needsNewQuote && !requoting) {
      event.preventDefault();
      onRequote();
    }
  };

  const verb = exchangeVerb(intl, reviewed?.quote ?? quote);
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
<FormattedMessage id={reviewed ? 'quotes.exchange.reviewTitle' : state.phase === 'placed' ? 'quotes.exchange.placedTitle' : 'quotes.exchange.unknownTitle'} />
      </h2>

      {reviewed && (
        <>
          {unresolved && (
            <p className="exchange-warning">
              <FormattedMessage
                id="quotes.exchange.unresolved"
                values={{ foreignId: unresolved, mono: (chunks: ReactNode[]) => <span className="mono">{chunks}</span> }}
              />
            </p>
          )}
          <ExchangeReview ref={summaryRef} quote={reviewed.quote} quoteId={reviewed.quoteId} releaseAt={reviewed.releaseAt} foreignId={foreignId} profile={profile} />
          {live && (
            <p className="exchange-live-note" role="status" data-testid="exchange-live-note">
<FormattedMessage id={placing ? 'quotes.exchange.liveConfirming' : 'quotes.exchange.liveNote'} />
            </p>
          )}
          {released && (
            <p className="exchange-released" role="alert">
              <FormattedMessage id="quotes.exchange.released" values={{ kbd: (chunks: ReactNode[]) => <kbd>{chunks}</kbd> }} />
            </p>
          )}
          {retryAt !== null && (
            <p className="exchange-wait" role="status">
              <FormattedMessage
                id="quotes.exchange.wait"
                values={{
                  countdown: (
                    <Countdown
                      untilMs={retryAt}
                      label={intl.formatMessage({ id: 'quotes.wait.countdown' })}
                      expired={intl.formatMessage({ id: 'quotes.exchange.waitExpired' })}
                    />
                  ),
                }}
              />
            </p>
          )}
          {refusal && (
            <div className="form-error exchange-refusal" role="alert">
              <p>{refusal.error.message}</p>
              {refusal.decision === 'duplicate' ? (
                <>
                  <DuplicateNotice what={EXCHANGE} another={intl.formatMessage({ id: 'quotes.exchange.another' })} />
                  <p>
                    <LookupLink query={{ foreign_id: refusal.foreignId }} onLeave={close}>
                      <FormattedMessage id="quotes.exchange.lookUp" values={{ foreignId: refusal.foreignId }} />
                    </LookupLink>
                  </p>
                </>
              ) : (
                <p>{refusalNote(intl, refusal.error)}</p>
              )}
            </div>
          )}
          <div className="dialog-actions">
            <button type="button" className="button" ref={cancelRef} onClick={close} disabled={placing}>
              <FormattedMessage id="quotes.exchange.cancel" />
            </button>
            {needsNewQuote && (
              <button type="button" className="button" ref={newQuoteRef} onClick={onRequote} disabled={requoting} aria-keyshortcuts="R">
                <FormattedMessage id={requoting ? 'quotes.card.gettingNewQuote' : 'quotes.exchange.newQuote'} />
              </button>
            )}
            <button type="button" className="button button-primary" onClick={confirm} disabled={!reviewing || released || refusal !== null}>
              {placing ? <FormattedMessage id={live ? 'quotes.exchange.waitingConfirmation' : 'quotes.exchange.placing'} /> : verb}
            </button>
          </div>
        </>
      )}

      {state.phase === 'placed' && (
        <>
          <ExchangeResult order={state.outcome.order} placedAt={state.outcome.placedAt} onLeave={close} />
          <CloseAction onClose={close} />
        </>
      )}

      {state.phase === 'unknown' && (
        <>
          <OutcomeUnknown {...state.outcome} onLeave={close} />
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
        <FormattedMessage id="quotes.exchange.close" />
      </button>
    </div>
  );
}
