import type { JournalOperation, JournalState } from '../../../shared/ipc/journal.ts';

/** The journal's codes in plain words for finance staff (shared/ipc/journal.ts). */

export const OPERATION_WORDS: Record<JournalOperation, string> = {
  'invoices.create': 'Invoice creation',
  'exchange.place': 'Fixed exchange',
  'transactions.lookup': 'Transaction lookup',
  'addresses.take': 'Deposit address',
  'withdrawals.approve': 'Withdrawal',
};

export type StateWords = { label: string; meaning: string; tone: 'ok' | 'wait' | 'bad' | 'check' };

export const STATE_WORDS: Record<JournalState, StateWords> = {
  pending: {
    label: 'Sending',
    meaning: 'Written before the request left; the answer has not come back yet.',
    tone: 'wait',
  },
  succeeded: { label: 'Succeeded', meaning: 'The service answered and accepted it.', tone: 'ok' },
  failed: { label: 'Failed', meaning: 'It did not happen: the service refused it, or it was never sent.', tone: 'bad' },
  unknown: {
    label: 'Outcome unknown',
    meaning: 'It may have reached the service, but no usable answer came back. A person must check what happened.',
    tone: 'check',
  },
};

/**
 * Statuses the service reports, for the status filter: invoices (created, pending, processing,
 * confirmed, failed: docs/service-interface.md, "States beyond the spec"), exchange orders (processing, confirmed)
 * and transactions (spec 3.1).
 */
export const SERVICE_STATUSES = ['created', 'pending', 'processing', 'not_confirmed', 'confirmed', 'declined', 'cancelled', 'failed'] as const;

/** "1.234 s" / "85 ms": staff compare these with the service's logs, so no rounding to whole seconds. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '';
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(3)} s`;
}
