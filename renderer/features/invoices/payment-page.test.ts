import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { Invoice } from '../../../shared/api/invoice.ts';
import type { PaymentPageVerdict } from '../../../shared/ipc/contract.ts';
import type { CreatedInvoice } from './draft.ts';
import { staticMarkup } from '../../testing/static-markup.ts';
import { InvoiceResult } from './InvoiceResult.tsx';

/**
 * The created invoice's payment URL is drawn as a QR code and offered to open only when main
 * accepted it (only on the service's own domain: docs/security.md); otherwise the screen says why.
 * Rendered to HTML with React's server renderer: the same component, no browser needed.
 */

const invoice = {
  id: 826900,
  url: 'https://evil.example/pay/826900',
  foreign_id: 'inv-1',
  title: 'Order 1',
  status: 'created',
  currency: 'EUR',
  amount: '19.90',
} as unknown as Invoice;

function render(paymentPage: PaymentPageVerdict): string {
  const created: CreatedInvoice = { invoice, paymentPage, receivedAt: Date.UTC(2026, 0, 1), request: { timer: false } as CreatedInvoice['request'], values: {} as CreatedInvoice['values'] };
  const result = createElement(InvoiceResult, { created, onLikeThis: () => {}, onNew: () => {} });
  return staticMarkup(result);
}

describe('the created invoice’s payment URL', () => {
  it('refused by main: no QR code, no Copy, no Open, and the reason shown', () => {
    const html = render({ allowed: false, reason: 'The payment URL is on evil.example, not on cryptoprocessing.com.' });
    expect(html).not.toContain('data-testid="payment-qr"');
    expect(html).not.toContain('Open in browser');
    expect(html).not.toContain('aria-label="Copy payment URL"');
    expect(html).toContain('data-testid="payment-url-refused"');
    expect(html).toContain('The payment URL is on evil.example, not on cryptoprocessing.com.');
  });

  it('accepted by main: the QR code and the Open button', () => {
    const html = render({ allowed: true });
    expect(html).toContain('data-testid="payment-qr"');
    expect(html).toContain('Open in browser');
    expect(html).toContain('aria-label="Copy payment URL"');
    expect(html).not.toContain('payment-url-refused');
  });
});
