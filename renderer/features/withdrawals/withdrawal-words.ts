import type { PayoutRowState, WithdrawalDraftState } from '../../../shared/ipc/capabilities/withdrawals.ts';

/**
 * Every word of the Withdrawal screen in one place, so that they can move to a catalogue as they
 * are (docs/withdrawals.md explains the flow they describe).
 */
export const WORDS = {
  title: 'Withdrawal',
  lead:
    'A withdrawal sends money out of the merchant account to an address. It is drafted first; another person approves it (or, without a team journal, you, once \u201cI withdraw alone\u201d is on), and main then shows exactly what is sent in its own window before it sends it, once.',
  form: {
    name: 'New withdrawal',
    destination: 'Destination',
    currency: 'Currency',
    currencyHint: 'The currency to send, such as BTC.',
    amount: 'Amount',
    amountHint: (places: number) => `Exactly as it is sent, at most ${places} decimal places.`,
    address: 'Address',
    addressHint: 'Paste it from its source. It is checked by its currency\u2019s format and checksum when you leave the field.',
    checking: 'Checking the address\u2026',
    checked: 'The address\u2019s checksum matches.',
    tag: 'Destination tag',
    tagHint: 'The tag or memo that came with the address.',
    tagWarning: (code: string) => `${code} sent without the tag the recipient gave is lost: copy the tag with the address, both from the same source.`,
    convertTo: 'Pay from balance (optional)',
    convertToHint: 'Another currency\u2019s balance to pay from: the service exchanges it on the way out. Empty: paid from the currency\u2019s own balance.',
    amountTo: 'Amount in that currency (optional)',
    amountToHint: 'Exactly as it is sent, never rounded; only with a balance to pay from.',
    references: 'References',
    endUserReference: 'End user reference (optional)',
    endUserReferenceHint: 'Your reference for the customer: no name, e-mail or other personal data.',
    sender: 'Sender (travel rule)',
    senderAbout: 'Required: who sends the money (spec 2.6), as EU anti-money-laundering rules require.',
    receiver: 'Receiver (travel rule)',
    receiverAbout: 'Who receives the money: a natural person, a legal entity, or the merchant itself (its own wallet).',
    natural: 'Natural person',
    legal: 'Legal entity',
    self: 'Self: our own wallet',
    chooseReceiver: 'Choose natural person, legal entity or self',
    submit: 'Draft withdrawal',
    submitting: 'Drafting\u2026',
    drafted: (id: number) => `Withdrawal draft ${id} made: it waits for approval below.`,
    foreignIdNote: 'Main gives the withdrawal its foreign id when it is drafted.',
  },
  balance: {
    checking: (code: string) => `Checking the ${code} balance\u2026`,
    unavailable: 'The balance could not be fetched just now; the Balances screen says why.',
    none: (code: string) => `The service lists no ${code} balance.`,
    line: (code: string) => `${code} balance:`,
    fetched: (at: string) => `(fetched ${at})`,
    over: 'The amount is more than the balance: the service will refuse it.',
  },
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
    missing: (n: number) => (n === 1 ? '1 approval missing' : `${n} approvals missing`),
  },
  list: {
    heading: 'Drafts',
    empty: 'No withdrawal drafts yet for this profile.',
    loading: 'withdrawal drafts',
    refresh: 'Refresh',
    amount: 'Amount',
    address: 'Address',
    draftedBy: 'Drafted by',
    state: 'State',
    decisions: 'Decisions',
    expires: 'Expires',
    actions: 'Actions',
    approve: 'Approve',
    approving: 'Approving\u2026',
    reject: 'Reject',
    rejectReason: 'Why is it rejected?',
    rejectConfirm: 'Reject draft',
    cancel: 'Cancel',
    noDecision: 'none yet',
    missing: (n: number) => (n === 1 ? '1 approval missing' : `${n} approvals missing`),
    approved: 'approved',
    rejected: 'rejected',
    sent: (id: number, status: string | null) => `Withdrawal draft ${id} approved and sent${status ? ` (service status: ${status})` : ''}: it is in History.`,
    recorded: (id: number) => `Your approval of withdrawal draft ${id} is recorded; it waits for more.`,
    rejectedNote: (id: number) => `Withdrawal draft ${id} rejected.`,
    check: 'Check with the service',
    sendAgain: 'Send again',
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

/** A draft's state in words. */
export const STATE_WORDS: Record<WithdrawalDraftState, string> = {
  awaiting: 'Awaiting approval',
  sending: 'Approved: sent',
  unknown: 'Outcome unknown: check with the service',
  unsent: 'Not sent: the service never got it',
  rejected: 'Rejected',
  expired: 'Expired',
};

/** Who did something: "login (display name)", either alone, or a dash when neither was recorded. */
export function whoWords(login: string | null, name: string | null): string {
  if (login && name && login !== name) return `${login} (${name})`;
  return login ?? name ?? '\u2014';
}
