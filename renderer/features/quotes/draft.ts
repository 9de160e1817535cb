import { create } from 'zustand';
import { profileBound } from '../../components/profile-bound.ts';
import type { ExchangeOutcome } from './exchange/outcome.ts';
import type { QuoteFormValues } from './quote-form-schema.ts';
import { formDefaults } from './quote-form-schema.ts';
import type { QuoteCurrencies } from './use-quote-currencies.ts';

/** What the quote screen keeps of one profile while another screen is open. */
export type QuoteDraft = { profileId: string; values: QuoteFormValues | null; lastOutcome: ExchangeOutcome | null };

type DraftState = {
  draft: QuoteDraft | null;
  keepValues(profileId: string, values: QuoteFormValues): void;
  keepOutcome(profileId: string, outcome: ExchangeOutcome): void;
};

/** Another profile's draft is dropped: a quote or an exchange of one account means nothing on another. */
export function withValues(draft: QuoteDraft | null, profileId: string, values: QuoteFormValues): QuoteDraft {
  return { profileId, values, lastOutcome: draft?.profileId === profileId ? draft.lastOutcome : null };
}

export function withOutcome(draft: QuoteDraft | null, profileId: string, outcome: ExchangeOutcome): QuoteDraft {
  return { profileId, values: draft?.profileId === profileId ? draft.values : null, lastOutcome: outcome };
}

export function lastOutcomeOf(draft: QuoteDraft | null, profileId: string): ExchangeOutcome | null {
  return draft?.profileId === profileId ? draft.lastOutcome : null;
}

/**
 * The form as last typed for this profile, unless its currencies are no longer offered; else the
 * defaults. With `typing` (codes may be typed, the list being stale, incomplete or missing) the
 * list is no judge of what is offered, so the form comes back as it was.
 */
export function startingValues(draft: QuoteDraft | null, profileId: string, currencies: QuoteCurrencies, typing = false): QuoteFormValues {
  const kept = draft?.profileId === profileId ? draft.values : null;
  const offered = (values: QuoteFormValues) => currencies.from.includes(values.sender_currency) && currencies.to.includes(values.receiver_currency);
  if (kept && (typing || offered(kept))) return kept;
  return formDefaults(currencies.from, currencies.to);
}

/**
 * The quote screen's state outside its components. "Outcome unknown" sends the person to the
 * Transactions screen to check the foreign id; coming back finds the form as typed and the exchange
 * still to check, so re-quoting takes one key instead of the whole form again. Choosing another
 * profile forgets it (profile-bound.ts), as every screen's state; the profile id it carries also
 * keeps a draft from reaching another profile's screen by any other way.
 */
export const useQuoteDraft = profileBound(
  create<DraftState>((set) => ({
    draft: null,
    keepValues: (profileId, values) => set(({ draft }) => ({ draft: withValues(draft, profileId, values) })),
    keepOutcome: (profileId, outcome) => set(({ draft }) => ({ draft: withOutcome(draft, profileId, outcome) })),
  })),
);
