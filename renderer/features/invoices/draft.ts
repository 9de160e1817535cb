import { create } from 'zustand';
import type { Invoice, InvoiceCreateRequest } from '../../../shared/api/invoice.ts';
import type { PaymentPageVerdict } from '../../../shared/ipc/contract.ts';
import type { UnknownOutcome } from '../../components/submission/submission-failure.ts';
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

type DraftState = {
  /** The form's values as last typed; null before the first visit (the form then starts blank). */
  values: InvoiceFormValues | null;
  created: CreatedInvoice | null;
  /** The last send whose outcome is unknown: its foreign_id is what staff check in the back office. */
  unknown: UnknownOutcome | null;
  /** Bumped to start the form again from `values` (remounts it). */
  formKey: number;
  keep(values: InvoiceFormValues): void;
  show(created: CreatedInvoice): void;
  startForm(values: InvoiceFormValues | null): void;
  setUnknown(unknown: UnknownOutcome | null): void;
};

/**
 * The screen's state outside the component, so that looking at another screen (a quote, a
 * transaction) and coming back finds the half-typed invoice, or the created one, still there.
 */
export const useInvoiceDraft = create<DraftState>((set) => ({
  values: null,
  created: null,
  unknown: null,
  formKey: 0,
  keep: (values) => set({ values }),
  show: (created) => set({ created, unknown: null }),
  startForm: (values) => set((state) => ({ values, created: null, unknown: null, formKey: state.formKey + 1 })),
  setUnknown: (unknown) => set({ unknown }),
}));
