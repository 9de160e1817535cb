import type { InvoiceCreateRequest } from '../../../shared/api/index.ts';
import { newForeignId } from '../../../shared/submission/foreign-id.ts';

/**
 * One valid invoices/create request for the services' tests (a fresh foreign_id each time unless
 * one is given): every test that needs "an invoice" asks here instead of spelling one out.
 */
export function sampleInvoiceRequest(overrides: Partial<InvoiceCreateRequest> = {}): InvoiceCreateRequest {
  return {
    timer: false,
    title: 'Order 1',
    foreign_id: newForeignId('inv'),
    currency: 'EUR',
    amount: '100',
    url_success: 'https://shop.example.com/ok',
    url_failed: 'https://shop.example.com/failed',
    email_user: 'buyer@example.com',
    end_user_reference: 'customer-1',
    ...overrides,
  };
}

/** The same with a legal-entity sender, as the crash test's child process sends it. */
export const legalSender = {
  sender_type: 'legal',
  sender_data: { legal_name: 'Acme GmbH', country_of_registration: 'DEU' },
} as const satisfies Partial<InvoiceCreateRequest>;

/** What the crash test's child submits (and the parent resubmits): title and amount are asserted. */
export const CRASH_INVOICE = sampleInvoiceRequest({ title: 'Crash test', amount: '42.00', end_user_reference: 'customer-9', ...legalSender });
