import type { Handlers } from '../router/router.ts';
import type { ServiceDeps } from './deps.ts';

/** A fixed exchange moves money: no retry here, a lost answer is the client's outcome_unknown. */
export function exchangeHandlers(deps: ServiceDeps): Pick<Handlers, 'exchange.place'> {
  return {
    'exchange.place': async (request) => {
      const { client } = await deps.connection.active();
      return { order: await client.placeFixedExchange(request) };
    },
  };
}
