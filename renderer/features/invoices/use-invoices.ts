import { useMutation } from '@tanstack/react-query';
import type { InvoiceCreateRequest } from '../../../shared/api/invoice.ts';
import { invoke } from '../../bridge.ts';

/** react-query hooks of the invoice screen; every call goes through the bridge. */

/**
 * Creating an invoice moves money, so it is never retried by itself (retry 0): after an unknown
 * outcome a person decides, and a resend reuses the same foreign_id so the service refuses a duplicate.
 */
export function useCreateInvoice() {
  return useMutation({
    mutationFn: async (request: InvoiceCreateRequest) => {
      const { invoice, paymentPage } = await invoke('invoices.create', request);
      return { invoice, paymentPage, receivedAt: Date.now() };
    },
    retry: 0,
    // Main journals it: History and the attention banner read the journal again (useJournalFreshness).
    meta: { journal: true },
  });
}

/** Main opens only a payment URL that invoices.create returned and accepted in this run (payment-pages.ts). */
export function useOpenPaymentPage() {
  return useMutation({ mutationFn: (url: string) => invoke('shell.openPaymentPage', { url }), retry: 0 });
}
