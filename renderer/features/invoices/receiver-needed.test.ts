import { createElement } from 'react';
import { describe } from 'vitest';
import type { Invoice } from '../../../shared/api/invoice.ts';
import { receiverNoticeCases } from '../../components/outcomes/testing/receiver-notice-cases.ts';
import type { CreatedInvoice } from './draft.ts';
import { InvoiceResult } from './InvoiceResult.tsx';

// Whether a created invoice was paid is told only by callbacks: without a receiver, the result says so.

const invoice = { id: 826900, url: 'https://app.cryptoprocessing.com/pay/826900', foreign_id: 'inv-1', title: 'Order 1', status: 'created', currency: 'EUR', amount: '19.90' } as unknown as Invoice;
const created: CreatedInvoice = { invoice, paymentPage: { allowed: true }, receivedAt: Date.UTC(2026, 0, 1), request: { timer: false } as CreatedInvoice['request'], values: {} as CreatedInvoice['values'] };

describe('the created invoice, and its receiver', () => {
  receiverNoticeCases(() => createElement(InvoiceResult, { created, onLikeThis: () => undefined, onNew: () => undefined }), 'whether this invoice was paid');
});
