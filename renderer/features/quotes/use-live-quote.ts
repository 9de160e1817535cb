import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Quote, QuoteRequest } from '../../../shared/api/quote.ts';
import type { QuoteBudget } from '../../../shared/ipc/contract.ts';
import { announce } from '../../components/announce.ts';
import type { AppError } from '../../bridge.ts';
import { appErrorOf, invoke } from '../../bridge.ts';
import { pauseEndOf } from './budget-words.ts';
import { quoteWords } from './quote-words.ts';
import { nextQuoteAt } from './requote-schedule.ts';
import { usePageVisible } from './use-page-visible.ts';

/**
 * A quote as the screen holds it: what was asked, the id main holds it under (an exchange is placed
 * by that id alone), and the moment main releases it, on main's clock, which is this computer's.
 */
export type LiveQuote = { quote: Quote; quoteId: string; request: QuoteRequest; releaseAt: number };

export type LiveQuoteState = {
  /** What is being priced: the last request a person asked for. */
  request: QuoteRequest | null;
  current: LiveQuote | null;
  inFlight: boolean;
  /** The last failure other than the rate limit; re-quoting waits for a person after it. */
  error: AppError | null;
  /** Set after a rate-limit refusal: when the next quote is possible (epoch ms). */
  retryAt: number | null;
  lastCallAt: number | null;
  budget: QuoteBudget | null;
};

const INITIAL: LiveQuoteState = { request: null, current: null, inFlight: false, error: null, retryAt: null, lastCallAt: null, budget: null };

const sameRequest = (a: QuoteRequest | undefined, b: QuoteRequest) =>
  a !== undefined &&
  a.sender_currency === b.sender_currency &&
  a.receiver_currency === b.receiver_currency &&
  a.sender_amount === b.sender_amount &&
  a.receiver_amount === b.receiver_amount;

/**
 * The live quote of the screen (requote-schedule.ts says when it asks by itself). One call at a
 * time: a ref, not state, guards it, so two clicks in one frame cannot both start one. Main keeps
 * the app-wide budget; this hook asks 'quotes.budget' before quoting by itself, so it waits
 * instead of being refused, and after a refusal for the rate limit it waits until the moment it was
 * told. `paused` holds re-quoting on release while an exchange is being reviewed.
 */
export function useLiveQuote({ paused }: { paused: boolean }) {
  const [state, setState] = useState<LiveQuoteState>(INITIAL);
  const inFlight = useRef(false);
  const visible = usePageVisible();
  // The words said aloud are read when said: the current language without making `run` anew (its
  // identity drives the renewal schedule below).
  const intl = useIntl();
  const words = useRef(intl);
  useEffect(() => {
    words.current = intl;
  }, [intl]);

  /** Main's budget, read again: it is the truth the budget line shows. Only informative: failures are left to the quote. */
  const refreshBudget = useCallback(() => {
    invoke('quotes.budget', {})
      .then((budget) => setState((s) => ({ ...s, budget })))
      .catch(() => {});
  }, []);

  /** Runs one quote; answers the failure, if any, so a form can put field errors in place. */
  const run = useCallback(async (request: QuoteRequest, by: 'person' | 'schedule'): Promise<AppError | null> => {
    if (inFlight.current) return null;
    inFlight.current = true;
    setState((s) => ({
      ...s,
      request,
      inFlight: true,
      error: null,
      lastCallAt: Date.now(),
      // A quote for other amounts or currencies is not shown as if it were this one.
      current: sameRequest(s.current?.request, request) ? s.current : null,
    }));
    try {
      if (by === 'schedule') {
        const budget = await invoke('quotes.budget', {});
        if (budget.nextAllowedAt !== null && budget.nextAllowedAt > Date.now()) {
          setState((s) => ({ ...s, budget, retryAt: budget.nextAllowedAt }));
          return null;
        }
      }
      const answer = await invoke('quotes.calculate', request);
      // Main decides when it releases the quote; the countdown runs on this window's clock, so main's
      // instant is carried over as the time it leaves from now (the two clocks are one in the app,
      // but a clock that is set, or a test's, must not make a fresh quote look released).
      const releaseAt = Date.now() + Math.max(0, answer.releaseAt - answer.receivedAt);
      const current = { quote: answer.quote, quoteId: answer.quoteId, request, releaseAt };
      setState((s) => ({ ...s, current, budget: answer.budget, retryAt: null, error: null }));
      if (by === 'person') announce(words.current.formatMessage({ id: 'quotes.live.received' }, { what: quoteWords(words.current, answer.quote) }));
      return null;
    } catch (thrown) {
      const error = appErrorOf(thrown);
      if (error.kind === 'rate_limited') {
        setState((s) => ({ ...s, retryAt: error.retryAt }));
        announce(words.current.formatMessage({ id: 'quotes.live.rateLimited' }));
        // The budget line reads main's budget, which the refusal (a 429's pause above all) has just changed.
        refreshBudget();
      } else {
        setState((s) => ({ ...s, error }));
      }
      return error;
    } finally {
      inFlight.current = false;
      setState((s) => ({ ...s, inFlight: false }));
    }
  }, [refreshBudget]);

  /** A person asks for a quote. During a rate-limit wait it is only noted, and asked for when allowed. */
  const ask = useCallback(
    (request: QuoteRequest): Promise<AppError | null> => {
      if (state.retryAt !== null && state.retryAt > Date.now()) {
        setState((s) => ({ ...s, request, error: null, current: sameRequest(s.current?.request, request) ? s.current : null }));
        return Promise.resolve(null);
      }
      return run(request, 'person');
    },
    [run, state.retryAt],
  );

  /** "Get a new quote" for what is being priced (the review's one-key re-quote). */
  const requote = useCallback(() => {
    if (state.request) void ask(state.request);
  }, [ask, state.request]);

  // The budget as main sees it, for the screen, before the first quote.
  useEffect(() => {
    let live = true;
    invoke('quotes.budget', {})
      .then((budget) => live && setState((s) => (s.budget ? s : { ...s, budget })))
      .catch(() => {}); // only informative: the quote itself reports any failure
    return () => {
      live = false;
    };
  }, []);

  // When a pause ends, the budget is read again even if no quote is asked for then (a hidden window):
  // the line must not keep saying "none left" after the moment it named.
  const pauseEnd = state.budget ? pauseEndOf(state.budget, state.retryAt) : null;
  useEffect(() => {
    if (pauseEnd === null) return;
    const timer = setTimeout(refreshBudget, Math.max(0, pauseEnd - Date.now()));
    return () => clearTimeout(timer);
  }, [pauseEnd, refreshBudget]);

  const due = nextQuoteAt({
    active: state.request !== null,
    inFlight: state.inFlight,
    visible,
    paused,
    failed: state.error !== null,
    releaseAt: state.current?.releaseAt ?? null,
    retryAt: state.retryAt,
    lastCallAt: state.lastCallAt,
  });
  const { request } = state;
  useEffect(() => {
    if (due === null || request === null) return;
    const timer = setTimeout(() => void run(request, 'schedule'), Math.max(0, due - Date.now()));
    return () => clearTimeout(timer);
  }, [due, request, run]);

  return { ...state, visible, ask, requote };
}
