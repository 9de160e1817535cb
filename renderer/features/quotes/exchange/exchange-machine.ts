import type { ExchangeOrder } from '../../../../shared/api/exchange.ts';
import type { Quote } from '../../../../shared/api/quote.ts';
import type { AppError, SubmissionDecision } from '../../../../shared/ipc/errors.ts';
import { decisionOf } from '../../../../shared/submission/outcome.ts';
import type { ExchangeOutcome } from './outcome.ts';

/**
 * The exchange dialog's phases as a pure state machine: the dialog renders the state and carries
 * out what it asks (sending the placement once per foreign id), and every decision is here.
 *
 *   review ──confirm──▶ placing ──placed──▶ placed
 *     ▲                    │ └────failed, outcome unknown──▶ unknown
 *     └─nothing placed─────┘
 *
 * Which way a failure goes is main's decision on the error (shared/submission/outcome.ts,
 * decisionOf): main knows whether the request left this machine, the renderer sees only the error,
 * so the dialog keeps no rule of its own.
 *
 * On a live profile the one confirmation is main's native dialog, which shows the quote main holds:
 * the review asks nothing of its own there, so opening it is already placing (`asks: 'main'`).
 * Main takes the quote before anything else, so after a try that placed nothing the quote is spent: the review
 * offers a new quote, never the same one again, and the next try carries a new foreign id.
 */

/** The quote under review as main holds it: the placement names `quoteId`; main releases it at `releaseAt`. */
export type ReviewedQuote = { quote: Quote; quoteId: string; releaseAt: number };

type Placed = Extract<ExchangeOutcome, { kind: 'placed' }>;
type Unknown = Extract<ExchangeOutcome, { kind: 'unknown' }>;

/**
 * A try that ended with nothing new placed, as main decided: `not_carried_out`, or `duplicate` (its
 * foreign id was used before, and the exchange placed under it then may exist). `foreignId`: the
 * one this try carried, which a duplicate is looked up by.
 */
export type Refusal = { error: AppError; decision: Exclude<SubmissionDecision, 'outcome_unknown'>; foreignId: string };

export type ExchangeState =
  /** `refusal`: how the last try ended with nothing placed; its quote is spent until a new one replaces it. */
  | { phase: 'review'; at: ReviewedQuote; foreignId: string; live: boolean; refusal: Refusal | null }
  /** Sent to main, which on a live profile first asks the person in its own window. */
  | { phase: 'placing'; at: ReviewedQuote; foreignId: string; live: boolean; asks: 'main' | 'nobody'; sentAt: number }
  | { phase: 'placed'; outcome: Placed }
  | { phase: 'unknown'; outcome: Unknown };

export type ExchangeEvent =
  /** The person presses the exchange button (or, on a live profile, opens the review). */
  | { type: 'confirm'; now: number }
  | { type: 'placed'; order: ExchangeOrder }
  /** `nextForeignId`: the id another try would carry, if nothing was placed by this one. */
  | { type: 'failed'; error: AppError; nextForeignId: string }
  /** The screen got a new quote while the review is open. */
  | { type: 'quoteReplaced'; at: ReviewedQuote };

export type ExchangeStart = { at: ReviewedQuote; foreignId: string; live: boolean; now: number };

/** The first state: a live profile's review is already placing (main asks), unless its quote has gone. */
export function openExchange({ at, foreignId, live, now }: ExchangeStart): ExchangeState {
  const review: ExchangeState = { phase: 'review', at, foreignId, live, refusal: null };
  return live ? exchangeReducer(review, { type: 'confirm', now }) : review;
}

/** Whether the review offers its exchange button: a quote that is not spent and not yet released. */
export function mayConfirm(state: ExchangeState, now: number): boolean {
  return state.phase === 'review' && state.refusal === null && now < state.at.releaseAt;
}

export function exchangeReducer(state: ExchangeState, event: ExchangeEvent): ExchangeState {
  switch (event.type) {
    case 'confirm': {
      // A second click, a spent or released quote: nothing more is placed.
      if (state.phase !== 'review' || !mayConfirm(state, event.now)) return state;
      const { at, foreignId, live } = state;
      return { phase: 'placing', at, foreignId, live, asks: live ? 'main' : 'nobody', sentAt: event.now };
    }
    case 'placed':
      if (state.phase !== 'placing') return state;
      return { phase: 'placed', outcome: { kind: 'placed', order: event.order, placedAt: state.sentAt } };
    case 'failed': {
      if (state.phase !== 'placing') return state;
      const { at, foreignId, live, sentAt } = state;
      const decision = decisionOf(event.error);
      if (decision === 'outcome_unknown') {
        // It may have been placed: nothing here would send it again, and the foreign id is what to look up.
        return { phase: 'unknown', outcome: { kind: 'unknown', foreignId, quote: at.quote, message: event.error.message, at: sentAt } };
      }
      // The service has now seen this foreign id (or main refused it as used): another try carries a new one.
      return { phase: 'review', at, foreignId: event.nextForeignId, live, refusal: { error: event.error, decision, foreignId } };
    }
    case 'quoteReplaced':
      // A placement in flight, or one that ended, stays with the quote it was sent at.
      if (state.phase !== 'review' || state.at.quoteId === event.at.quoteId) return state;
      return { ...state, at: event.at, refusal: null };
  }
}
