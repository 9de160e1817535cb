import { describe, expect, it } from 'vitest';
import type { Invoice, InvoiceCreateRequest } from '../../../shared/api/invoice.ts';
import { expiresAt, TIMER_MS } from './expiry.ts';

const invoice = { id: 1, url: 'https://x.example.com/p', foreign_id: 'f', title: 't', status: 'created', currency: 'EUR', amount: '1' } as Invoice;
const request = (timer: boolean) => ({ timer }) as InvoiceCreateRequest;

describe('invoice expiry', () => {
  it('is 15 minutes after the answer arrived for a timer invoice', () => {
    expect(expiresAt({ invoice, request: request(true), receivedAt: 1_000 })).toBe(1_000 + TIMER_MS);
    expect(TIMER_MS).toBe(900_000);
  });

  it("follows the service's seconds_left when it sends one", () => {
    expect(expiresAt({ invoice: { ...invoice, seconds_left: 899 }, request: request(true), receivedAt: 1_000 })).toBe(1_000 + 899_000);
  });

  it('does not exist without a timer', () => {
    expect(expiresAt({ invoice: { ...invoice, seconds_left: 899 }, request: request(false), receivedAt: 1_000 })).toBeNull();
  });
});
