import { AppFailure } from '../../../shared/ipc/errors.ts';
import type { HeldQuote, HeldQuotes } from '../quotes/held-quotes.ts';
import type { Handler } from '../router/router.ts';
import { confirmIfLive } from './confirmation.ts';
import type { ConfirmQuestion } from './confirmation.ts';
import type { ServiceDeps } from './deps.ts';

/**
 * exchange.place is accepted only at a quote main itself received for the active profile, not yet
 * released and not yet used (quotes/held-quotes.ts): a captured or invented body places nothing.
 * It wraps the placement handler, whose own rules (a foreign_id once, the journal, the rate) stay
 * as they are.
 *
 * On a live profile the person then confirms in main's native dialog (confirmation.ts), which shows
 * the quote main holds, not what the renderer says. That dialog is the one confirmation: the
 * renderer asks nothing of its own on live profiles. While it is open the quote may be released or
 * the active profile switched (by a person, or by a compromised renderer), so both are checked
 * again after the yes, and nothing is sent if either changed.
 */
export function atHeldQuote(deps: ServiceDeps, heldQuotes: HeldQuotes, place: Handler<'exchange.place'>): Handler<'exchange.place'> {
  return async (request, context) => {
    const { profileId, profileName } = await deps.connection.active();
    const taken = heldQuotes.take(profileId, request);
    if (!taken.ok) throw new AppFailure({ kind: 'invalid_request', message: taken.reason, fields: { price: taken.reason } });
    const kind = deps.book.get(profileId).kind;
    if (kind === 'live') {
      await confirmIfLive(deps.askPerson, kind, exchangeConfirmation(taken.quote, request.foreign_id, profileName));
      if ((await deps.connection.active()).profileId !== profileId) {
        throw new AppFailure({ kind: 'invalid_request', message: 'The active profile changed while the exchange was being confirmed. Nothing was sent.', fields: {} });
      }
      if (deps.now() >= taken.quote.releaseAt) {
        const reason = 'The quote was released while the exchange was being confirmed. Nothing was sent. Get a new quote, and place the exchange from it.';
        throw new AppFailure({ kind: 'invalid_request', message: reason, fields: { price: reason } });
      }
    }
    return place(request, context);
  };
}

/** The facts a person checks before a live exchange: both amounts, the price, the profile and the deadline. */
function exchangeConfirmation(quote: HeldQuote, foreignId: string, profileName: string): ConfirmQuestion {
  return {
    title: 'Place exchange',
    message: `Exchange ${quote.senderAmount} ${quote.senderCurrency} for ${quote.receiverAmount} ${quote.receiverCurrency}?`,
    detail: [
      `Price: ${quote.price}`,
      `Profile: ${profileName} (live: real money)`,
      `Foreign id: ${foreignId}`,
      `The quote is fixed until ${new Date(quote.releaseAt).toISOString().slice(11, 19)} UTC. An exchange cannot be undone.`,
    ],
    confirmLabel: 'Place exchange',
  };
}
