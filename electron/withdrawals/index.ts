/** Withdrawals under four eyes: drafts, approvals and their one send (withdrawal-handlers.ts); payouts in bulk (payout-batches.ts). */
export { withdrawalHandlers } from './withdrawal-handlers.ts';
export type { WithdrawalHandlerOptions, WithdrawalsFor } from './withdrawal-handlers.ts';
export { payoutBatchHandlers, PAYOUT_SENDS_PER_SECOND } from './payout-batches.ts';
