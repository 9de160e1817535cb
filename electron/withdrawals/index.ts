/**
 * Withdrawals under four eyes: drafts, approvals and their one send (withdrawal-handlers.ts), checks of
 * a send whose outcome is unknown (withdrawal-checks.ts), the approval policy (withdrawal-policies.ts),
 * payouts in bulk (payout-batches.ts); what they share is in withdrawal-desks.ts and draft-states.ts.
 */
export { withdrawalHandlers } from './withdrawal-handlers.ts';
export { withdrawalCheckHandlers } from './withdrawal-checks.ts';
export { withdrawalPolicyHandlers } from './withdrawal-policies.ts';
export type { WithdrawalHandlerOptions, WithdrawalsFor } from './withdrawal-desks.ts';
export { payoutBatchHandlers, PAYOUT_SENDS_PER_SECOND } from './payout-batches.ts';
