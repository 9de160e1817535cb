import type { Handlers } from '../router/router.ts';
import { isoAt } from './deps.ts';
import type { ServiceDeps } from './deps.ts';

/** Every lookup is kept as history (the query, when, the status seen): disputes come weeks later. */
export function transactionHandlers(deps: ServiceDeps): Pick<Handlers, 'transactions.lookup'> {
  return {
    'transactions.lookup': async (request) => {
      const { client, profileId, profileName } = await deps.connection.active();
      const { value, journalId } = await deps.tracker.lookup(
        { profileId, profileName, operation: 'transaction.lookup', foreignId: request.foreign_id ?? null, request },
        (receipt) => client.lookupTransaction(request, receipt),
        ({ transaction }) => ({ serviceId: transaction.id, serviceStatus: transaction.status }),
      );
      return { ...value, lookedUpAt: isoAt(deps.now), journalId };
    },
  };
}
