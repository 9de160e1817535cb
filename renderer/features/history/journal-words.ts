import type { JournalOperation, JournalState } from '../../../shared/ipc/journal.ts';
import type { MessageId } from '../../../shared/i18n/index.ts';

/** The journal's codes in plain words for finance staff (shared/ipc/journal.ts), as catalogue ids. */

export const OPERATION_WORDS: Record<JournalOperation, MessageId> = {
  'invoices.create': 'history.operation.invoice',
  'exchange.place': 'history.operation.exchange',
  'transactions.lookup': 'history.operation.lookup',
  'addresses.take': 'history.operation.address',
  'withdrawals.approve': 'history.operation.withdrawal',
};

export type StateWords = { label: MessageId; meaning: MessageId; tone: 'ok' | 'wait' | 'bad' | 'check' };

export const STATE_WORDS: Record<JournalState, StateWords> = {
  pending: { label: 'history.state.pending', meaning: 'history.state.pending.meaning', tone: 'wait' },
  succeeded: { label: 'history.state.succeeded', meaning: 'history.state.succeeded.meaning', tone: 'ok' },
  failed: { label: 'history.state.failed', meaning: 'history.state.failed.meaning', tone: 'bad' },
  unknown: { label: 'history.state.unknown', meaning: 'history.state.unknown.meaning', tone: 'check' },
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
