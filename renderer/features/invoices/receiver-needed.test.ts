import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { Invoice } from '../../../shared/api/invoice.ts';
import type { OutcomeSource } from '../../../shared/ipc/index.ts';
import { outcomeSourceKey } from '../../components/outcomes/use-outcome-source.ts';
import { readableText, staticMarkup } from '../../testing/static-markup.ts';
import type { CreatedInvoice } from './draft.ts';
import { InvoiceResult } from './InvoiceResult.tsx';

// Whether a created invoice was paid is told only by callbacks: without a receiver, the result says so.

const invoice = { id: 826900, url: 'https://app.cryptoprocessing.com/pay/826900', foreign_id: 'inv-1', title: 'Order 1', status: 'created', currency: 'EUR', amount: '19.90' } as unknown as Invoice;
const created: CreatedInvoice = { invoice, paymentPage: { allowed: true }, receivedAt: Date.UTC(2026, 0, 1), request: { timer: false } as CreatedInvoice['request'], values: {} as CreatedInvoice['values'] };

const render = (source: OutcomeSource | undefined) =>
  staticMarkup(createElement(InvoiceResult, { created, onLikeThis: () => undefined, onNew: () => undefined }), (client) => {
    if (source) client.setQueryData(outcomeSourceKey(null), { source, outcomes: [] });
  });

describe('the created invoice, and its receiver', () => {
  it('says a receiver is needed to see whether it is paid, when the profile has none', () => {
    const text = readableText(render({ kind: 'no-receiver' }));
    expect(text).toContain('A receiver is needed to see what became of it');
    expect(text).toContain('Receiver URL');
  });

  it('says plainly that the receiver could not be read', () => {
    expect(readableText(render({ kind: 'unreachable', url: 'https://callbacks.example.com', problem: 'It did not answer.' }))).toContain('The receiver could not be read');
  });

  it('says nothing of it when the receiver was read, or before it is asked', () => {
    expect(render({ kind: 'receiver', url: 'https://callbacks.example.com' })).not.toContain('receiver-notice');
    expect(render(undefined)).not.toContain('receiver-notice');
  });
});
