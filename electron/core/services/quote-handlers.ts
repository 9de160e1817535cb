import { withQuoteBudget } from '../quotes/guard.ts';
import type { Handlers } from '../router/router.ts';
import type { ServiceDeps } from './deps.ts';

/**
 * exchange/calculate is rate limited by the service (spec 8, field notes: 429 at the edge). One
 * app-wide budget, shared by every screen and profile, spends a slot per quote before asking.
 */
export function quoteHandlers(deps: ServiceDeps): Pick<Handlers, 'quotes.calculate' | 'quotes.budget'> {
  const { budget } = deps;
  return {
    'quotes.budget': async () => budget.status(),
    'quotes.calculate': async (request) => {
      // The client first: a call that cannot be made (no profile, no secret) spends no slot.
      const { client } = await deps.connection.active();
      const calculate = withQuoteBudget(budget, (body: typeof request) => client.calculateQuote(body), deps.now);
      const quote = await calculate(request);
      return { quote, receivedAt: deps.now(), budget: budget.status() };
    },
  };
}
