import { addDecimals, compareDecimals } from '../../../shared/money/index.ts';
import { CONFIRMATIONS_NEEDED, confirmationsAt } from './chain.ts';
import { PAID_LESS, TIMER_EXPIRED } from './messages.ts';
import type { InvoiceRecord, SandboxContext } from './types.ts';

/**
 * The invoice lifecycle (docs/service-interface.md, "States beyond the spec"): created -> pending
 * (payment seen) -> processing (first confirmation) -> confirmed (enough confirmations), or failed
 * with "Timer expired. User not paid." (timer invoice unpaid after 15 minutes) or "User paid less
 * than requested." (fill_or_kill underpaid at once; good_until_expired still short when its timer
 * runs out). Overpaying confirms; the difference is the customer's to reclaim (spec 4.4,
 * email_user). Nothing here is stored: the status follows from the payments and the clock, so
 * invoices/create, the payments, the views and the pay page all read it the same way.
 */

export const TIMER_MS = 15 * 60_000;
export const RATE_FIX_MS = 15 * 60_000;

export function invoiceForeignIdTaken(ctx: SandboxContext, merchantKey: string, foreignId: string): boolean {
  return ctx.data.invoices.some((i) => i.merchantKey === merchantKey && i.foreignId === foreignId);
}

export interface InvoiceState {
  status: 'created' | 'pending' | 'processing' | 'confirmed' | 'failed';
  error: string | null;
  paid: string;
  complete: boolean;
}

function sum(values: string[]): string {
  return values.reduce((total, v) => addDecimals(total, v), '0');
}

/** The status of an invoice at `now`, from its payments and the clock. */
export function invoiceState(invoice: InvoiceRecord, now: number): InvoiceState {
  const expired = invoice.timer && now >= invoice.createdAt + TIMER_MS;
  const payments = invoice.payments;
  const paid = sum(payments.map((p) => p.amount));
  const last = payments[payments.length - 1];
  if (!last) {
    return expired ? { status: 'failed', error: TIMER_EXPIRED, paid, complete: false } : { status: 'created', error: null, paid, complete: false };
  }
  const complete = compareDecimals(paid, last.required) >= 0;
  if (!complete) {
    if (invoice.type === 'fill_or_kill' || expired) return { status: 'failed', error: PAID_LESS, paid, complete };
    return { status: 'pending', error: null, paid, complete };
  }
  const confirmations = confirmationsAt(last.at, now);
  const status = confirmations === 0 ? 'pending' : confirmations < CONFIRMATIONS_NEEDED ? 'processing' : 'confirmed';
  return { status, error: null, paid, complete };
}

export function secondsLeft(invoice: InvoiceRecord, now: number): number | null {
  if (invoice.releaseAt === null) return null;
  return Math.max(0, Math.ceil((invoice.releaseAt - now) / 1000));
}
