import { CONFIRMATIONS_NEEDED, confirmationsAt } from './chain.ts';
import type { DepositRecord, ExchangeRecord, TransactionRecord, WithdrawalRecord } from './types.ts';

/**
 * Where a transaction is in its life, from its record and the clock (nothing that moves with time
 * is stored). Internal statuses are mapped to the returned ones as the service maps them
 * (spec 3.1): `processing` and `verifying` -> `not_confirmed`, `error` and `rejected` ->
 * `cancelled`. An exchange order is `processing` when placed and `confirmed` CONFIRM_AFTER_MS
 * later (docs/service-interface.md, "States beyond the spec").
 */

export type InternalStatus = 'pending' | 'processing' | 'verifying' | 'confirmed' | 'declined' | 'error' | 'rejected' | 'cancelled';
export type ReturnedStatus = 'pending' | 'not_confirmed' | 'confirmed' | 'declined' | 'cancelled';

export const CONFIRM_AFTER_MS = 5_000;

export function returnedStatus(internal: InternalStatus): ReturnedStatus {
  switch (internal) {
    case 'processing':
    case 'verifying':
      return 'not_confirmed';
    case 'error':
    case 'rejected':
    case 'cancelled':
      return 'cancelled';
    default:
      return internal;
  }
}

export function exchangeStatus(order: ExchangeRecord, now: number): 'processing' | 'confirmed' {
  return now - order.createdAt < CONFIRM_AFTER_MS ? 'processing' : 'confirmed';
}

/**
 * When a withdrawal went on the chain: when it was made, or, for one held over its merchant's limit
 * (withdrawal-holds.ts), when it was approved; null while it is held and once it is declined.
 */
export function withdrawalSentAt(w: WithdrawalRecord): number | null {
  if (!w.hold) return w.createdAt;
  return w.hold.decision === 'approved' ? w.hold.decidedAt : null;
}

/**
 * A held withdrawal is `pending` until decided, and `declined` if it is. One on the chain is
 * `verifying` until its first confirmation, `processing` until it has enough.
 */
export function withdrawalInternalStatus(w: WithdrawalRecord, now: number): InternalStatus {
  if (w.hold?.decision === 'declined') return 'declined';
  const sentAt = withdrawalSentAt(w);
  if (sentAt === null) return 'pending';
  const confirmations = confirmationsAt(sentAt, now);
  if (confirmations === 0) return 'verifying';
  return confirmations < CONFIRMATIONS_NEEDED ? 'processing' : 'confirmed';
}

/** A deposit confirms after enough confirmations; an underpaid fill-or-kill one is then rejected. */
export function depositInternalStatus(d: DepositRecord, now: number): InternalStatus {
  if (confirmationsAt(d.createdAt, now) < CONFIRMATIONS_NEEDED) return 'processing';
  return d.underpaid ? 'rejected' : 'confirmed';
}

/** The status transactions/info returns for any record at `now`; a preloaded example keeps its own. */
export function transactionStatus(record: TransactionRecord, now: number): string {
  switch (record.kind) {
    case 'static':
      return record.status;
    case 'exchange':
      return returnedStatus(exchangeStatus(record, now));
    case 'withdrawal':
      return returnedStatus(withdrawalInternalStatus(record, now));
    case 'deposit':
      return returnedStatus(depositInternalStatus(record, now));
  }
}
