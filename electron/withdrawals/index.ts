/** Withdrawals under four eyes: drafts, approvals and their one send (withdrawal-handlers.ts). */
export { withdrawalHandlers } from './withdrawal-handlers.ts';
export type { WithdrawalHandlerOptions, WithdrawalsFor } from './withdrawal-handlers.ts';
