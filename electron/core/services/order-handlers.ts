import type { Handlers } from '../router/router.ts';
import type { ServiceDeps } from './deps.ts';

/** The two calls that move money. No retry here: a lost answer is the client's outcome_unknown. */
export function orderHandlers(deps: ServiceDeps): Pick<Handlers, 'exchange.place' | 'invoices.create'> {
  return {
    'exchange.place': async (request) => {
      const { client } = await deps.connection.active();
      return { order: await client.placeFixedExchange(request) };
    },
    'invoices.create': async (request) => {
      const { client } = await deps.connection.active();
      return { invoice: await client.createInvoice(request) };
    },
  };
}
