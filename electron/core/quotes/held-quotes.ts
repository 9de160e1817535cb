import type { FixedExchangeRequest, Quote } from '../../../shared/api/index.ts';
import { decimalsEqual } from '../../../shared/money/index.ts';

/**
 * The quotes main itself received, per profile, until they are released or used (issue 11,
 * "Money moves are decided in main"). The renderer is untrusted: it may ask for exchange.place with
 * any body that fits the schema, such as one captured from an earlier placement. Main places an
 * exchange only at a quote held here, for the same profile, not yet released, with the same pair,
 * amount and price, and each quote places one exchange at most.
 */

export type HeldQuote = {
  senderCurrency: string;
  receiverCurrency: string;
  senderAmount: string;
  receiverAmount: string;
  price: string;
  /** Epoch milliseconds on main's clock. */
  releaseAt: number;
};

/** A taken quote comes back whole, so the confirmation can show what the person is agreeing to. */
export type QuoteTake = { ok: true; quote: HeldQuote } | { ok: false; reason: string };

export interface HeldQuotes {
  /** Keeps a quote that exchange/calculate answered to a call sent at `sentAt` (main's clock). */
  hold(profileId: string, quote: Quote, sentAt: number): void;
  /** Uses up the held quote this placement is at, or says in plain words why there is none. */
  take(profileId: string, placement: FixedExchangeRequest): QuoteTake;
  /** Lets go of a profile's quotes: its address or credentials changed, or it was removed. */
  forget(profileId: string): void;
}

/**
 * More than the quote budget lets a minute hold (30, each fixed for 60 s); the oldest go first, so
 * a flood of quotes cannot grow main's memory.
 */
export const HELD_QUOTES_PER_PROFILE = 64;

/**
 * ts_fixed and ts_release are seconds on the service's clock, which need not agree with this
 * computer's. So the fixed period runs on main's clock from the moment the call was sent, which is no
 * later than the moment the service fixed the rate, less the second that ts_fixed may have been
 * rounded down by: never more time than there is. The quote screen counts down the same way, from
 * its own earlier send, so main never refuses what the screen still offered.
 */
export function releaseOnMainClock(quote: Pick<Quote, 'ts_fixed' | 'ts_release'>, sentAt: number): number {
  return sentAt + Math.max(0, quote.ts_release - quote.ts_fixed - 1) * 1000;
}

const NOTHING_SENT = 'Nothing was sent. Get a new quote, and place the exchange from it.';

export function createHeldQuotes(now: () => number): HeldQuotes {
  const byProfile = new Map<string, HeldQuote[]>();

  const live = (profileId: string): HeldQuote[] => {
    const at = now();
    const kept = (byProfile.get(profileId) ?? []).filter((quote) => quote.releaseAt > at);
    byProfile.set(profileId, kept);
    return kept;
  };

  return {
    hold(profileId, quote, sentAt) {
      const kept = live(profileId);
      kept.push({
        senderCurrency: quote.sender_currency,
        receiverCurrency: quote.receiver_currency,
        senderAmount: quote.sender_amount,
        receiverAmount: quote.receiver_amount,
        price: quote.price,
        releaseAt: releaseOnMainClock(quote, sentAt),
      });
      kept.splice(0, Math.max(0, kept.length - HELD_QUOTES_PER_PROFILE));
    },

    take(profileId, placement) {
      const all = byProfile.get(profileId) ?? [];
      const at = now();
      const matches = (quote: HeldQuote) =>
        quote.senderCurrency === placement.sender_currency &&
        quote.receiverCurrency === placement.receiver_currency &&
        decimalsEqual(quote.price, placement.price) &&
        (placement.sender_amount === undefined || decimalsEqual(quote.senderAmount, placement.sender_amount)) &&
        (placement.receiver_amount === undefined || decimalsEqual(quote.receiverAmount, placement.receiver_amount));
      const index = all.findIndex((quote) => matches(quote) && quote.releaseAt > at);
      if (index >= 0) {
        // Used up before anything is awaited, so two placements at one quote cannot both pass.
        const [quote] = all.splice(index, 1) as [HeldQuote];
        return { ok: true, quote };
      }
      const released = all.find(matches);
      if (released) {
        return { ok: false, reason: `The quote at the price ${placement.price} was released at ${new Date(released.releaseAt).toISOString()} (its fixed period has ended). ${NOTHING_SENT}` };
      }
      const pair = `${placement.sender_currency} to ${placement.receiver_currency}`;
      return {
        ok: false,
        reason: `This console holds no unused quote for ${pair} at the price ${placement.price} with this amount for this profile: such a quote was already used for an exchange, or never received here. ${NOTHING_SENT}`,
      };
    },

    forget(profileId) {
      byProfile.delete(profileId);
    },
  };
}
