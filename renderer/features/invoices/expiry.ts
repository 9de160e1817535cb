import type { CreatedInvoice } from './draft.ts';

/** "When true, the invoice expires 15 minutes after creation" (spec 4.4). */
export const TIMER_MS = 15 * 60_000;

/**
 * When a timer invoice expires (epoch ms), or null without a timer. The answer carries no creation
 * time, so the clock starts when it arrived; `seconds_left`, when the service sends it, wins.
 */
export function expiresAt({ invoice, request, receivedAt }: Pick<CreatedInvoice, 'invoice' | 'request' | 'receivedAt'>): number | null {
  if (!request.timer) return null;
  const left = invoice.seconds_left;
  return receivedAt + (left === null || left === undefined ? TIMER_MS : left * 1000);
}
