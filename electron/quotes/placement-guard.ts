import { AppFailure } from '../../shared/ipc/errors.ts';
import type { HeldQuote, HeldQuotes } from './held-quotes.ts';
import { fixedExchangeRequestAt, refusalMessage } from './held-quotes.ts';
import type { Handler } from '../platform/router/index.ts';
import { confirmIfLive } from '../platform/services/index.ts';
import type { ConfirmQuestion, ServiceDeps } from '../platform/services/index.ts';
import type { PlaceFixedExchange } from './exchange-handlers.ts';

/**
 * exchange.place names a quote main holds for the active profile (quotes/held-quotes.ts) and a
 * foreign id; main places exactly that quote, once, while it holds, and sends a body it built itself.
 * The placement's own rules (a foreign id once, the journal, the rate) stay in exchange-handlers.ts.
 *
 * On a live profile the person then confirms in main's native dialog (confirmation.ts), which shows
 * the quote main holds. That dialog is the one confirmation: the renderer asks nothing of its own on
 * live profiles. While it is open the quote may be released or the active profile switched (by a
 * person, or by a compromised renderer), so both are checked again after the yes, and nothing is
 * sent if either changed.
 */
export function placeAtHeldQuote(deps: ServiceDeps, heldQuotes: HeldQuotes, place: PlaceFixedExchange): Handler<'exchange.place'> {
  return async ({ quoteId, foreignId }) => {
    const { profileId, profileName, kind } = await deps.connection.active();
    const taken = heldQuotes.take(profileId, quoteId);
    if (!taken.ok) {
      // Said again in the window's language at the moment of the refusal (held-quotes.ts keeps main's English).
      throw new AppFailure({ kind: 'quote_unavailable', reason: taken.reason, message: refusalMessage(taken, (id, values) => deps.locale.say(id, values)) });
    }
    if (kind === 'live') {
      await confirmIfLive(deps.askPerson, kind, exchangeConfirmation(deps, taken.quote, foreignId, profileName));
      if (deps.now() >= taken.quote.releaseAt) {
        const message = deps.locale.say('main.quotes.expiredWhileConfirming');
        throw new AppFailure({ kind: 'quote_unavailable', reason: 'released', message });
      }
    }
    return place(profileId, fixedExchangeRequestAt(taken.quote, foreignId));
  };
}

/** The facts a person checks before a live exchange: both amounts, the price, the profile and the deadline. */
function exchangeConfirmation({ locale }: Pick<ServiceDeps, 'locale'>, quote: HeldQuote, foreignId: string, profileName: string): ConfirmQuestion {
  const amounts = { send: quote.senderAmount, sendCurrency: quote.senderCurrency, receive: quote.receiverAmount, receiveCurrency: quote.receiverCurrency };
  return {
    title: locale.say('main.quotes.confirm.title'),
    message: locale.say('main.quotes.confirm.message', amounts),
    detail: [
      locale.say('main.quotes.confirm.price', { price: quote.price }),
      locale.say('main.quotes.confirm.profile', { name: profileName }),
      locale.say('main.quotes.confirm.foreignId', { foreignId }),
      locale.say('main.quotes.confirm.until', { time: new Date(quote.releaseAt).toISOString().slice(11, 19) }),
    ],
    confirmLabel: locale.say('main.quotes.confirm.button'),
  };
}
