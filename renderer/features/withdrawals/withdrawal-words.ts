import type { MessageId } from '../../../shared/i18n/index.ts';
import type { PayoutRowState, WithdrawalDraftState } from '../../../shared/ipc/capabilities/withdrawals.ts';

/**
 * The words of the Withdrawal screen's parts not yet in the catalogues (the form, its balance, the
 * drafts list and the draft states are: `withdrawals.` in shared/i18n/messages; docs/withdrawals.md
 * explains the flow they describe).
 */
export const WORDS = {
  alone: {
    legend: 'I withdraw alone',
    about:
      'Without a team journal this profile has one person, so nobody else can approve its withdrawals. Turn this on to approve your own drafts: main asks you to confirm it in its own window, and still shows each withdrawal before it is sent. On a team journal another person always approves.',
    on: 'Turn on \u201cI withdraw alone\u201d',
    off: 'Turn off \u201cI withdraw alone\u201d',
    isOn: '\u201cI withdraw alone\u201d is on: your own approval sends a draft.',
    isOff: '\u201cI withdraw alone\u201d is off: your approval of your own draft is refused.',
    loading: 'whether you withdraw alone',
    teamJournal: 'This profile has a team journal, so another person always approves its withdrawals: nobody withdraws alone.',
  },
  payout: {
    name: 'Payout file',
    about:
      'Pay many customers at once with the back office\u2019s mass payout file (CSV: Address,Tag,Currency,Amount,Note). Every row is checked here and again by main; with any problem nothing is drafted.',
    file: 'Payout file (CSV)',
    reading: 'Reading the file\u2026',
    unreadable: 'The file could not be read as text.',
    problemsHeading: (n: number) => (n === 1 ? '1 problem: nothing can be drafted' : `${n} problems: nothing can be drafted`),
    mainProblemsHeading: 'Main refused the file: nothing was drafted',
    row: 'Row',
    line: 'Line',
    field: 'Field',
    message: 'Problem',
    wholeFile: 'file',
    totalsHeading: (rows: number) => `${rows} ${rows === 1 ? 'row' : 'rows'}, totals per currency`,
    currency: 'Currency',
    total: 'Total',
    senderAbout: 'Who sends the money: the same sender for every row of the file.',
    draft: 'Draft the batch',
    drafting: 'Drafting\u2026',
    drafted: (batchId: string, rows: number) => `Batch ${batchId} drafted: ${rows} ${rows === 1 ? 'row' : 'rows'}, nothing sent yet.`,
    batchHeading: (batchId: string) => `Batch ${batchId}`,
    amount: 'Amount',
    address: 'Address',
    state: 'State',
    approve: 'Approve batch',
    approving: 'Approving\u2026',
    approveAbout: 'Another person approves the batch: main shows its rows\u2019 count and totals in its own window, then sends the rows one by one.',
    sending: (perSecond: number) => `Main is sending the rows, at most ${perSecond} a second.`,
  },
  batch: {
    tag: 'Tag',
    close: 'Close batch',
    reject: 'Reject batch',
    rejectReason: (open: number) => `Why is it rejected? Every row still awaiting approval (${open}) is rejected with this reason.`,
    rejectConfirm: 'Reject the open rows',
    rejected: (batchId: string, rows: number) => `Batch ${batchId}: ${rows} ${rows === 1 ? 'row' : 'rows'} rejected, nothing sent.`,
  },
  policy: {
    name: 'Approval policy',
    about:
      'Who approves this merchant account\u2019s withdrawals, kept in the team journal. A change is only a proposal until another person approves it.',
    noTeam: 'This profile has no team journal, so it has one person and no approval policy: policies need a team journal. Its withdrawals follow \u201cI withdraw alone\u201d below.',
    loading: 'the approval policy',
    inForce: 'In force',
    defaultPolicy: 'The default: one approval by any other person.',
    approvals: (n: number) => (n === 1 ? '1 approval by another person' : `${n} approvals by other people`),
    threshold: (amount: string, currency: string, n: number) => `Over ${amount} ${currency}: ${n === 1 ? '1 approval' : `${n} approvals`}`,
    noThreshold: 'The same for every amount.',
    approvers: (logins: string) => `May approve: ${logins}`,
    anyApprover: 'May approve: any login but the drafter\u2019s.',
    lifetime: (hours: number) => `A draft waits for its approvals ${hours === 1 ? '1 hour' : `${hours} hours`}, then expires.`,
    proposedBy: (who: string, at: string) => `Proposed by ${who}, ${at}`,
    pending: 'Waiting for approval',
    noPending: 'No change is waiting for approval.',
    approve: 'Approve policy',
    reject: 'Reject policy',
    rejectReason: 'Why is it rejected?',
    rejectConfirm: 'Reject proposal',
    approvedNote: (id: number) => `Policy ${id} approved: it is in force.`,
    rejectedNote: (id: number) => `Policy ${id} rejected.`,
    earlier: 'Earlier proposals',
    state: { proposed: 'Waiting for approval', approved: 'Approved', rejected: 'Rejected' },
    propose: 'Propose a change',
    approvalsNeeded: 'Approvals needed',
    approvalsNeededHint: 'How many other people approve each withdrawal (1 to 10).',
    thresholdLegend: 'More approvals over an amount (optional)',
    thresholdCurrency: 'Currency',
    thresholdAmount: 'Over this amount',
    thresholdApprovals: 'Approvals needed over it',
    approversLabel: 'Who may approve (optional)',
    approversHint: 'Logins of the team journal, separated by commas. Empty: any login but the drafter\u2019s.',
    lifetimeLabel: 'Hours a draft waits for approval (optional)',
    lifetimeHint: 'From 1 to 168 hours (7 days). Empty: 24 hours.',
    submit: 'Propose policy',
    submitting: 'Proposing\u2026',
    proposed: (id: number) => `Policy ${id} proposed: another person approves it before it is in force.`,
    thresholdIncomplete: 'Give the currency, the amount and the approvals, or none of them',
  },
} as const;

/** A payout row's state in words (docs/withdrawals.md, "What became of each row"). */
export const PAYOUT_ROW_WORDS: Record<PayoutRowState, string> = {
  sent: 'Sent',
  unknown: 'Unknown: look it up by its foreign id',
  failed: 'Failed: the service refused it',
  waiting: 'Waiting',
  rejected: 'Rejected',
  expired: 'Expired',
};

/** A draft's state, as the catalogues word it. */
export const STATE_IDS: Record<WithdrawalDraftState, MessageId> = {
  awaiting: 'withdrawals.state.awaiting',
  sending: 'withdrawals.state.sending',
  unknown: 'withdrawals.state.unknown',
  unsent: 'withdrawals.state.unsent',
  rejected: 'withdrawals.state.rejected',
  expired: 'withdrawals.state.expired',
};

/** Who did something: "login (display name)", either alone, or a dash when neither was recorded. */
export function whoWords(login: string | null, name: string | null): string {
  if (login && name && login !== name) return `${login} (${name})`;
  return login ?? name ?? '\u2014';
}
