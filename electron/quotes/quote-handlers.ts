import type { HeldQuotes } from './held-quotes.ts';
import { withQuoteBudget } from './guard.ts';
import type { Handlers } from '../platform/router/index.ts';
import type { ServiceDeps } from '../platform/services/index.ts';

/**
 * exchange/calculate is rate limited by the service (spec 8; docs/service-interface.md, "Error
 * bodies": 429 at the edge). One app-wide budget, shared by every screen and profile, spends a slot
 * per quote before asking. Every quote received is held for its profile under an id main makes:
 * exchange.place names that id, and places nothing else.
 */
export function quoteHandlers(deps: ServiceDeps, heldQuotes: HeldQuotes): Pick<Handlers, 'quotes.calculate' | 'quotes.budget'> {
  const { budget } = deps;
  return {
    'quotes.budget': async () => budget.status(),
    'quotes.calculate': async (request) => {
      // The client first: a call that cannot be made (no profile, no secret) spends no slot.
      const { client, profileId } = await deps.connection.active();
      const calculate = withQuoteBudget(budget, (body: typeof request) => client.calculateQuote(body), deps.now);
      const sentAt = deps.now();
      const quote = await calculate(request);
      const { quoteId, releaseAt } = heldQuotes.hold(profileId, quote, request, sentAt);
      return { quote, quoteId, releaseAt, receivedAt: deps.now(), budget: budget.status() };
    },
  };
}
