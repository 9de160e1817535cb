import type { Handlers } from '../router/router.ts';
import { isoAt } from './deps.ts';
import type { ServiceDeps } from './deps.ts';

export function transactionHandlers(deps: ServiceDeps): Pick<Handlers, 'transactions.lookup'> {
  return {
    'transactions.lookup': async (request) => {
      const { client } = await deps.connection.active();
      const { transaction, raw } = await client.lookupTransaction(request);
      return { transaction, raw, lookedUpAt: isoAt(deps.now) };
    },
  };
}
