import { z } from 'zod';
import { invoice, invoiceCreateRequest } from '../../api/index.ts';
import { journalId } from './common.ts';

/**
 * Whether main lets the screen draw an invoice's payment URL as a QR code and open it: only on the
 * service's own domain (electron/invoices/payment-pages.ts); `reason` says why not.
 */
export const paymentPageVerdict = z.discriminatedUnion('allowed', [
  z.object({ allowed: z.literal(true) }),
  z.object({ allowed: z.literal(false), reason: z.string() }),
]);
export type PaymentPageVerdict = z.infer<typeof paymentPageVerdict>;

export const invoicesChannels = {
  'invoices.create': { request: invoiceCreateRequest, response: z.object({ invoice, journalId, paymentPage: paymentPageVerdict }) },
  /** Opens a payment URL in the system browser, only one that invoices.create returned and accepted in this run. */
  'shell.openPaymentPage': {
    request: z.object({ url: z.string().min(1).max(2048) }).strict(),
    response: z.object({ opened: z.boolean() }),
  },
} as const;
