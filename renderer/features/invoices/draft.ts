import type { Invoice, InvoiceCreateRequest } from '../../../shared/api/invoice.ts';
import type { PaymentPageVerdict } from '../../../shared/ipc/contract.ts';
import { createSubmissionDraft } from '../../components/submission/submission-draft.ts';
import type { InvoiceFormValues } from './invoice-form-schema.ts';

/**
 * An invoice the service created, with what was sent and when the answer came (epoch ms), and
 * whether main accepts its payment URL (only then is it drawn as a QR code and opened).
 */
export type CreatedInvoice = {
  invoice: Invoice;
  request: InvoiceCreateRequest;
  values: InvoiceFormValues;
  receivedAt: number;
  paymentPage: PaymentPageVerdict;
};

/**
 * New invoice's state outside the screen, so that looking at another screen (a quote, a
 * transaction) and coming back finds the half-typed invoice, or the created one, still there.
 */
export const useInvoiceDraft = createSubmissionDraft<InvoiceFormValues, CreatedInvoice>();
