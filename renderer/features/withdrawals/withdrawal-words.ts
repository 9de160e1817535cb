import { useIntl } from 'react-intl';
import type { MessageId } from '../../../shared/i18n/index.ts';
import type { PayoutRowState, WithdrawalDraftState } from '../../../shared/ipc/capabilities/withdrawals.ts';

/**
 * The words of the Withdrawal screen's payout file, batch view, approval policy and "I withdraw
 * alone", in the window's language (`withdrawals.` in shared/i18n/messages; docs/withdrawals.md
 * explains the flow they describe). The form, its balance, the drafts list and the draft states
 * take theirs from the catalogues directly.
 */
export function useWithdrawalWords() {
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return {
    alone: {
      legend: t('withdrawals.alone.legend'),
      about: t('withdrawals.alone.about'),
      on: t('withdrawals.alone.on'),
      off: t('withdrawals.alone.off'),
      isOn: t('withdrawals.alone.isOn'),
      isOff: t('withdrawals.alone.isOff'),
      loading: t('withdrawals.alone.loading'),
      teamJournal: t('withdrawals.alone.teamJournal'),
    },
    payout: {
      name: t('withdrawals.payout.name'),
      about: t('withdrawals.payout.about'),
      file: t('withdrawals.payout.file'),
      reading: t('withdrawals.payout.reading'),
      unreadable: t('withdrawals.payout.unreadable'),
      problemsHeading: (count: number) => t('withdrawals.payout.problemsHeading', { count }),
      mainProblemsHeading: t('withdrawals.payout.mainProblemsHeading'),
      row: t('withdrawals.payout.row'),
      line: t('withdrawals.payout.line'),
      field: t('withdrawals.payout.field'),
      message: t('withdrawals.payout.message'),
      wholeFile: t('withdrawals.payout.wholeFile'),
      totalsHeading: (rows: number) => t('withdrawals.payout.totalsHeading', { rows }),
      currency: t('withdrawals.payout.currency'),
      total: t('withdrawals.payout.total'),
      senderAbout: t('withdrawals.payout.senderAbout'),
      draft: t('withdrawals.payout.draft'),
      drafting: t('withdrawals.payout.drafting'),
      drafted: (batchId: string, rows: number) => t('withdrawals.payout.drafted', { batchId, rows }),
      batchHeading: (batchId: string) => t('withdrawals.payout.batchHeading', { batchId }),
      amount: t('withdrawals.payout.amount'),
      address: t('withdrawals.payout.address'),
      state: t('withdrawals.payout.state'),
      approve: t('withdrawals.payout.approve'),
      approving: t('withdrawals.payout.approving'),
      approveAbout: t('withdrawals.payout.approveAbout'),
      sending: (perSecond: number) => t('withdrawals.payout.sending', { perSecond }),
    },
    batch: {
      tag: t('withdrawals.batch.tag'),
      close: t('withdrawals.batch.close'),
      reject: t('withdrawals.batch.reject'),
      rejectReason: (open: number) => t('withdrawals.batch.rejectReason', { open }),
      rejectConfirm: t('withdrawals.batch.rejectConfirm'),
      rejected: (batchId: string, rows: number) => t('withdrawals.batch.rejected', { batchId, rows }),
    },
    policy: {
      name: t('withdrawals.policy.name'),
      about: t('withdrawals.policy.about'),
      noTeam: t('withdrawals.policy.noTeam'),
      loading: t('withdrawals.policy.loading'),
      inForce: t('withdrawals.policy.inForce'),
      defaultPolicy: t('withdrawals.policy.defaultPolicy'),
      approvals: (count: number) => t('withdrawals.policy.approvals', { count }),
      threshold: (amount: string, currency: string, count: number) => t('withdrawals.policy.threshold', { amount, currency, count }),
      noThreshold: t('withdrawals.policy.noThreshold'),
      approvers: (logins: string) => t('withdrawals.policy.approvers', { logins }),
      anyApprover: t('withdrawals.policy.anyApprover'),
      lifetime: (hours: number) => t('withdrawals.policy.lifetime', { hours }),
      proposedBy: (who: string, at: string) => t('withdrawals.policy.proposedBy', { who, at }),
      pending: t('withdrawals.policy.pending'),
      noPending: t('withdrawals.policy.noPending'),
      approve: t('withdrawals.policy.approve'),
      reject: t('withdrawals.policy.reject'),
      rejectReason: t('withdrawals.policy.rejectReason'),
      rejectConfirm: t('withdrawals.policy.rejectConfirm'),
      approvedNote: (id: number) => t('withdrawals.policy.approvedNote', { id: String(id) }),
      rejectedNote: (id: number) => t('withdrawals.policy.rejectedNote', { id: String(id) }),
      earlier: t('withdrawals.policy.earlier'),
      propose: t('withdrawals.policy.propose'),
      approvalsNeeded: t('withdrawals.policy.approvalsNeeded'),
      approvalsNeededHint: t('withdrawals.policy.approvalsNeededHint'),
      thresholdLegend: t('withdrawals.policy.thresholdLegend'),
      thresholdCurrency: t('withdrawals.policy.thresholdCurrency'),
      thresholdAmount: t('withdrawals.policy.thresholdAmount'),
      thresholdApprovals: t('withdrawals.policy.thresholdApprovals'),
      approversLabel: t('withdrawals.policy.approversLabel'),
      approversHint: t('withdrawals.policy.approversHint'),
      lifetimeLabel: t('withdrawals.policy.lifetimeLabel'),
      lifetimeHint: t('withdrawals.policy.lifetimeHint'),
      submit: t('withdrawals.policy.submit'),
      submitting: t('withdrawals.policy.submitting'),
      proposed: (id: number) => t('withdrawals.policy.proposed', { id: String(id) }),
      state: {
        proposed: t('withdrawals.policy.state.proposed'),
        approved: t('withdrawals.policy.state.approved'),
        rejected: t('withdrawals.policy.state.rejected'),
      },
    },
  };
}

/** A payout row's state, as the catalogues word it (docs/withdrawals.md, "What became of each row"). */
export const PAYOUT_ROW_IDS: Record<PayoutRowState, MessageId> = {
  sent: 'withdrawals.payoutState.sent',
  unknown: 'withdrawals.payoutState.unknown',
  failed: 'withdrawals.payoutState.failed',
  waiting: 'withdrawals.payoutState.waiting',
  rejected: 'withdrawals.payoutState.rejected',
  expired: 'withdrawals.payoutState.expired',
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
