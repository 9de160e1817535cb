import type { Handlers } from '../router/router.ts';
import type { ServiceDeps } from './deps.ts';
import type { PaymentPages } from './payment-pages.ts';

/**
 * Invoice creation moves money: no retry here, a lost answer is the client's outcome_unknown. Each
 * payment URL the service returns is recorded, so that the shell opens that page and nothing else.
 */
export function invoiceHandlers(
  deps: ServiceDeps,
  paymentPages: PaymentPages,
): Pick<Handlers, 'invoices.create' | 'shell.openPaymentPage'> {
  return {
    'invoices.create': async (request) => {
      const { client } = await deps.connection.active();
      const invoice = await client.createInvoice(request);
      paymentPages.record(invoice.url);
      return { invoice };
    },
    'shell.openPaymentPage': ({ url }) => paymentPages.open(url),
  };
}
