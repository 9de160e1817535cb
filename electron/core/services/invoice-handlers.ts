import type { Handlers } from '../router/router.ts';
import type { ServiceDeps } from './deps.ts';

/** Invoice creation moves money: no retry here, a lost answer is the client's outcome_unknown. */
export function invoiceHandlers(deps: ServiceDeps): Pick<Handlers, 'invoices.create'> {
  return {
    'invoices.create': async (request) => {
      const { client } = await deps.connection.active();
      return { invoice: await client.createInvoice(request) };
    },
  };
}
