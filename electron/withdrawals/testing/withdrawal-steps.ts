import type { WithdrawalDraftInput } from '../../../shared/ipc/capabilities/withdrawals.ts';
import type { JournalState } from '../../../shared/ipc/journal.ts';

/**
 * The steps of a withdrawal's approval between its send claim and the service's answer, and what
 * the one rule (shared/submission/outcome.ts) says of a send cut off at each. `claimed`: the
 * approval and the claim are committed, the journal has no entry yet; the others are the journal's
 * own (journal/tracking.ts), with `on-the-wire` when the sandbox holds the request's answer back.
 */
export const WITHDRAWAL_STEPS = ['claimed', 'begun', 'marked-sent', 'on-the-wire', 'answered', 'settled'] as const;
export type WithdrawalStep = (typeof WITHDRAWAL_STEPS)[number];

/** The journal's tries under the draft's foreign id after a kill at each step. */
export const TRIES_AFTER_KILL: Record<WithdrawalStep, Array<Exclude<JournalState, 'pending'>>> = {
  claimed: [],
  begun: ['failed'],
  'marked-sent': ['unknown'],
  'on-the-wire': ['unknown'],
  answered: ['unknown'],
  settled: ['succeeded'],
};

/** Whether the request had reached the service when the step came. */
export const REACHED_AT: Record<WithdrawalStep, boolean> = { claimed: false, begun: false, 'marked-sent': false, 'on-the-wire': true, answered: true, settled: true };

export const WITHDRAWAL_PATH = '/api/v2/withdrawal/crypto';

export const WITHDRAWAL_FORM: WithdrawalDraftInput = {
  currency: 'BTC',
  amount: '0.001',
  address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
  senderType: 'legal',
  senderData: { legal_name: 'Example GmbH', country_of_registration: 'DEU', email: 'billing@example.de' },
  receiverType: 'self',
};

/** The steps a payout batch's kill test stops a row's send at (payout-kills.test.ts): before it left, and after it reached the service. */
export const PAYOUT_KILL_STEPS = ['claimed', 'answered'] as const;
export type PayoutKillStep = (typeof PAYOUT_KILL_STEPS)[number];
