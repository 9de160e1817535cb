import { blankInvoiceForm } from '../invoice-form-schema.ts';
import type { InvoiceFormValues } from '../invoice-form-schema.ts';

/** A form filled in so that it passes every rule (a fixed day for the foreign id), with `patch` on top. */
export function filledInvoiceForm(patch: Partial<InvoiceFormValues> = {}): InvoiceFormValues {
  return {
    ...blankInvoiceForm('EUR', new Date(Date.UTC(2025, 5, 1))),
    title: ' Order 1001 ',
    amount: '100.50',
    url_success: 'https://shop.example.com/ok',
    url_failed: 'https://shop.example.com/failed',
    email_user: 'buyer@example.com',
    end_user_reference: 'cust-42',
    sender_left_out_confirmed: true,
    ...patch,
  };
}
