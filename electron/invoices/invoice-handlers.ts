import { createCallLimit } from '../platform/limits/index.ts';
import type { Handlers } from '../platform/router/index.ts';
import type { ServiceDeps } from '../platform/services/index.ts';
import type { PaymentPages } from './payment-pages.ts';

/**
 * Invoice creation moves money: no retry here, a lost answer is the client's outcome_unknown. Each
 * payment URL the service returns is recorded, so that the shell opens that page and nothing else.
 */
/**
 * Invoices created in any rolling minute, by the whole console: far above what a person types (a
 * title, an amount, often the sender's data, for each), far below what a runaway or compromised
 * renderer asks for (without a limit, it made 200 invoices of 999,999 EUR in 249 ms).
 */
export const INVOICES_PER_MINUTE = 20;

export function invoiceHandlers(
  deps: ServiceDeps,
  paymentPages: PaymentPages,
): Pick<Handlers, 'invoices.create' | 'shell.openPaymentPage'> {
  const invoices = createCallLimit({
    limit: INVOICES_PER_MINUTE,
    now: deps.now,
    // In the window's language, read when the limit is hit (the person may have changed it since).
    words: (seconds) => deps.locale.say('main.invoices.limit', { limit: INVOICES_PER_MINUTE, seconds }),
  });
  return {
    'invoices.create': async (request) => {
      invoices.take();
      const { client, profileId, profileName, origin, baseUrl, tracker } = await deps.connection.active();
      // Journaled as pending before the request leaves (platform/journal/tracking.ts). No sender data is kept.
      const { value: invoice, journalId } = await tracker.submission(
        {
          profileId,
          profileName,
          origin,
          operation: 'invoices.create',
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
      // Drawn and opened only on the service's own domain (payment-pages.ts); the screen says why not.
      const paymentPage = paymentPages.record(invoice.url, baseUrl);
      return { invoice, journalId, paymentPage };
    },
    'shell.openPaymentPage': ({ url }) => paymentPages.open(url),
  };
}
