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
      const { client, profileId, profileName } = await deps.connection.active();
      // Journaled as pending before the request leaves (core/journal/tracking.ts). No sender data is kept.
      const { value: invoice, journalId } = await deps.tracker.submission(
        {
          profileId,
          profileName,
          operation: 'invoice.create',
          foreignId: request.foreign_id,
          title: request.title,
          endUserReference: request.end_user_reference ?? null,
          currency: request.currency,
          amount: request.amount,
          request,
        },
        (receipt) => client.createInvoice(request, receipt),
        (value) => ({ serviceId: value.id, serviceStatus: value.status }),
      );
      paymentPages.record(invoice.url);
      return { invoice, journalId };
    },
    'shell.openPaymentPage': ({ url }) => paymentPages.open(url),
  };
}
