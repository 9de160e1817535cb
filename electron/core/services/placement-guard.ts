import { AppFailure } from '../../../shared/ipc/errors.ts';
import type { HeldQuotes } from '../quotes/held-quotes.ts';
import type { Handler } from '../router/router.ts';
import type { ServiceDeps } from './deps.ts';

/**
 * exchange.place is accepted only at a quote main itself received for the active profile, not yet
 * released and not yet used (quotes/held-quotes.ts): a captured or invented body places nothing.
 * It wraps the placement handler, whose own rules (a foreign_id once, the journal, the rate) stay
 * as they are. After the await below, taking the quote and calling `place` run without a pause, so
 * `place` reads the same active profile that the quote was taken for.
 */
export function atHeldQuote(deps: ServiceDeps, heldQuotes: HeldQuotes, place: Handler<'exchange.place'>): Handler<'exchange.place'> {
  return async (request, context) => {
    const { profileId } = await deps.connection.active();
    const taken = heldQuotes.take(profileId, request);
    if (!taken.ok) throw new AppFailure({ kind: 'invalid_request', message: taken.reason, fields: { price: taken.reason } });
    return place(request, context);
  };
}
