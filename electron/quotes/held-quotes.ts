import { randomUUID } from 'node:crypto';
import type { FixedExchangeRequest, Quote, QuoteRequest } from '../../shared/api/index.ts';
import type { MessageId, WordValues } from '../../shared/i18n/index.ts';
import { say, SOURCE_LANGUAGE } from '../../shared/i18n/index.ts';

/**
 * The quotes main itself received, per profile, each under an id main made up. The renderer is
 * untrusted: it names a quote by its id and a foreign id, nothing else, so what is placed is what
 * main was quoted, never a body the renderer built (or captured from an earlier placement). Each
 * quote places one exchange at most, and none once released on main's clock.
 */

export type HeldQuote = {
  quoteId: string;
  senderCurrency: string;
  receiverCurrency: string;
  senderAmount: string;
  receiverAmount: string;
  price: string;
  /** The side whose amount the person fixed: the service matches that amount to the quote. */
  fixedSide: 'sender' | 'receiver';
  /** Epoch milliseconds on main's clock. */
  releaseAt: number;
};

/** Why a quote id places nothing; the screens say it in their own words. */
export type QuoteUnavailable = 'used' | 'released' | 'unknown';

/** A taken quote comes back whole, so the confirmation can show what the person is agreeing to. */
/** A refusal carries the released quote's end (`releaseAt`), so that its message can be said again in the window's language. */
export type QuoteRefusal = { ok: false; reason: QuoteUnavailable; message: string; releaseAt?: number };
export type QuoteTake = { ok: true; quote: HeldQuote } | QuoteRefusal;

export interface HeldQuotes {
  /** Keeps a quote that exchange/calculate answered to `asked`, sent at `sentAt` (main's clock). */
  hold(profileId: string, quote: Quote, asked: QuoteRequest, sentAt: number): Pick<HeldQuote, 'quoteId' | 'releaseAt'>;
  /** Uses up the quote, or says why it cannot be placed. Nothing is awaited, so two takes cannot both pass. */
  take(profileId: string, quoteId: string): QuoteTake;
  /** Lets go of a profile's quotes: its address or credentials changed, or it was removed. */
  forget(profileId: string): void;
}

/**
 * More than the quote budget lets a minute hold (30, each fixed for 60 s); the oldest go first, so
 * a flood of quotes cannot grow main's memory. Used and released quotes count too: they are kept
 * so that their ids are refused as "used" or "released" rather than "unknown".
 */
export const HELD_QUOTES_PER_PROFILE = 64;

/**
 * ts_fixed and ts_release are seconds on the service's clock, which need not agree with this
 * computer's. So the fixed period runs on main's clock from the moment the call was sent, which is no
 * later than the moment the service fixed the rate, less the second that ts_fixed may have been
 * rounded down by: never more time than there is. The screen counts down to the moment main names,
 * so it never offers what main would refuse.
 */
export function releaseOnMainClock(quote: Pick<Quote, 'ts_fixed' | 'ts_release'>, sentAt: number): number {
  return sentAt + Math.max(0, quote.ts_release - quote.ts_fixed - 1) * 1000;
}

/**
 * The body of exchange/fixed at a held quote (spec 4.5): the price, the pair and the amount on the
 * side the person fixed, exactly as the service quoted them; the other side is the service's to
 * work out (docs/service-interface.md, "Quote lifetime").
 */
export function fixedExchangeRequestAt(quote: HeldQuote, foreignId: string): FixedExchangeRequest {
  return {
    foreign_id: foreignId,
    price: quote.price,
    sender_currency: quote.senderCurrency,
    receiver_currency: quote.receiverCurrency,
    ...(quote.fixedSide === 'receiver' ? { receiver_amount: quote.receiverAmount } : { sender_amount: quote.senderAmount }),
  };
}

const REFUSALS: Record<QuoteUnavailable, MessageId> = {
  used: 'main.quotes.used',
  released: 'main.quotes.released',
  unknown: 'main.quotes.unknown',
};

type Say = (id: MessageId, values?: WordValues) => string;
const inEnglish: Say = (id, values) => say(SOURCE_LANGUAGE, id, values);

/** Why a quote cannot be placed, in the words `speak` gives (main's English unless the window's language is passed). */
export function refusalMessage(refusal: Pick<QuoteRefusal, 'reason' | 'releaseAt'>, speak: Say = inEnglish): string {
  return speak(REFUSALS[refusal.reason], { at: new Date(refusal.releaseAt ?? 0).toISOString() });
}

export function createHeldQuotes(now: () => number, newId: () => string = randomUUID): HeldQuotes {
  const byProfile = new Map<string, Array<HeldQuote & { used: boolean }>>();

  const refuse = (reason: QuoteUnavailable, quote?: HeldQuote): QuoteTake => {
    const releaseAt = quote ? { releaseAt: quote.releaseAt } : {};
    return { ok: false, reason, message: refusalMessage({ reason, ...releaseAt }), ...releaseAt };
  };

  return {
    hold(profileId, quote, asked, sentAt) {
      const kept = byProfile.get(profileId) ?? [];
      byProfile.set(profileId, kept);
      const held = {
        quoteId: newId(),
        senderCurrency: quote.sender_currency,
        receiverCurrency: quote.receiver_currency,
        senderAmount: quote.sender_amount,
        receiverAmount: quote.receiver_amount,
        price: quote.price,
        fixedSide: asked.receiver_amount !== undefined ? 'receiver' : 'sender',
        releaseAt: releaseOnMainClock(quote, sentAt),
        used: false,
      } as const;
      kept.push(held);
      kept.splice(0, Math.max(0, kept.length - HELD_QUOTES_PER_PROFILE));
      return { quoteId: held.quoteId, releaseAt: held.releaseAt };
    },

    take(profileId, quoteId) {
      // Another profile's id is as unknown here as an invented one: a quote of one account places nothing on another.
      const held = byProfile.get(profileId)?.find((quote) => quote.quoteId === quoteId);
      if (!held) return refuse('unknown');
      if (held.used) return refuse('used');
      if (now() >= held.releaseAt) return refuse('released', held);
      held.used = true;
      const { used: _used, ...quote } = held;
      return { ok: true, quote };
    },

    forget(profileId) {
      byProfile.delete(profileId);
    },
  };
}
