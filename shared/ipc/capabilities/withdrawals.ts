import { z } from 'zod';
import { ruleMessage } from '../../i18n/rule-message.ts';
import { currencyCode, positiveAmountInput, receiverType, referenceInput, senderDataByType, senderType } from '../../api/index.ts';
import { currencyPlaces, placesProblem } from '../../money/precision.ts';
import { checkDestination } from '../../withdrawals/index.ts';
import { journalId } from './common.ts';

/**
 * Withdrawals under four eyes (docs/security.md, "Withdrawals under four eyes"). The renderer
 * gives a form's fields to draft one, and ids and reasons to decide on one: never a body. Main
 * builds the request once, with a foreign id of its own, and keeps its exact text in the journal;
 * what an approval sends is that text, read back from the journal, shown in main's own dialog.
 */

/** A draft's id in its journal. */
const draftId = z.number().int().min(1);

/** The form's fields: what the withdrawal sends, without its foreign id (main makes one). */
export const withdrawalDraftRequest = z
  .object({
    currency: currencyCode,
    amount: positiveAmountInput,
    // Checked by its currency's format and checksum below (shared/withdrawals): the bounds here only
    // keep a hostile renderer's megabyte from reaching the checker.
    address: z.string().trim().min(1, ruleMessage('rules.withdrawal.addressEmpty')).max(255, ruleMessage('rules.withdrawal.addressMax', { max: 255 })),
    /** A destination tag or memo, where the currency takes one (XRP's, say). */
    tag: z.string().trim().max(64, ruleMessage('rules.withdrawal.tagMax', { max: 64 })).optional(),
    /** The balance it is paid from, when not `currency`'s own: the service exchanges it on the way out. */
    convertTo: currencyCode.optional(),
    /** With `convertTo`, the amount in that currency (exact decimal text, at most its places). */
    amountTo: positiveAmountInput.optional(),
    endUserReference: referenceInput('endUserReference').optional(),
    senderType,
    senderData: z.unknown(),
    receiverType,
    receiverData: z.unknown().optional(),
    /** Drafts made together (a payout list), to find them together. */
    batchId: z.string().trim().min(1).max(128).optional(),
  })
  .strict()
  // The parties as they are sent (trimmed, unknown keys dropped): nothing after this gate reads them again.
  .transform((value, ctx) => {
    // The destination is checked before anything is drafted, by the one checker the form and the
    // sandbox use; a tag goes on as the checker reads it.
    const destination = checkDestination(value.currency, value.address, value.tag ?? null);
    if (!destination.ok) {
      for (const problem of destination.problems) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
      return z.NEVER;
    }
    value = { ...value, tag: destination.tag ?? undefined };
    if (value.convertTo !== undefined && value.convertTo === value.currency) {
      ctx.addIssue({ code: 'custom', path: ['convertTo'], message: ruleMessage('rules.withdrawal.convertFromOther') });
      return z.NEVER;
    }
    if (value.amountTo !== undefined) {
      if (value.convertTo === undefined) {
        ctx.addIssue({ code: 'custom', path: ['amountTo'], message: ruleMessage('rules.withdrawal.amountToNeedsFrom') });
        return z.NEVER;
      }
      // Never rounded: more places than the currency takes is refused, as for the amount.
      const places = placesProblem(value.amountTo, value.convertTo, currencyPlaces(value.convertTo));
      if (places !== null) {
        ctx.addIssue({ code: 'custom', path: ['amountTo'], message: places });
        return z.NEVER;
      }
    }
    const sender = senderDataByType[value.senderType].safeParse(value.senderData);
    if (!sender.success) {
      ctx.addIssue({ code: 'custom', path: ['senderData'], message: ruleMessage('rules.sender.required') });
      return z.NEVER;
    }
    if (value.receiverType === 'self') {
      if (value.receiverData !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['receiverData'], message: ruleMessage('rules.withdrawal.selfNoReceiver') });
        return z.NEVER;
      }
      return { ...value, senderData: sender.data, receiverData: undefined };
    }
    const receiver = senderDataByType[value.receiverType].safeParse(value.receiverData);
    if (!receiver.success) {
      ctx.addIssue({ code: 'custom', path: ['receiverData'], message: ruleMessage('rules.withdrawal.receiverRequired') });
      return z.NEVER;
    }
    return { ...value, senderData: sender.data, receiverData: receiver.data };
  });
export type WithdrawalDraftRequest = z.output<typeof withdrawalDraftRequest>;
export type WithdrawalDraftInput = z.input<typeof withdrawalDraftRequest>;

export const WITHDRAWAL_DECISIONS = ['approve', 'reject'] as const;

export const withdrawalDecision = z.object({
  decision: z.enum(WITHDRAWAL_DECISIONS),
  /** The database's login (a team journal); on a desktop's own journal, its one person. */
  login: z.string().nullable(),
  /** The display name the deciding desktop claimed. */
  decidedBy: z.string().nullable(),
  reason: z.string().nullable(),
  decidedAt: z.string(),
});
export type WithdrawalDecision = z.infer<typeof withdrawalDecision>;

/**
 * awaiting: approvals are missing; sending: claimed for sending (its journal entry says what became
 * of it); unknown: claimed, and its send may have left with no answer (a crash, a lost answer), or
 * another desktop's claim went quiet: "check with the service" (`withdrawals.check`) finds out;
 * unsent: the service had no withdrawal under its foreign id long after the send began, so it is
 * sent again, the same text under the same foreign id, when the person who checked approves it;
 * rejected, expired: never sent.
 */
export const WITHDRAWAL_DRAFT_STATES = ['awaiting', 'sending', 'unknown', 'unsent', 'rejected', 'expired'] as const;
export type WithdrawalDraftState = (typeof WITHDRAWAL_DRAFT_STATES)[number];

/**
 * A check with the service of a claimed send: sent (the service has it: its id and status), or
 * not-sent (it had none under the foreign id long enough after the send began).
 */
export const withdrawalCheck = z.object({
  attempt: z.number().int().min(1),
  outcome: z.enum(['sent', 'not-sent']),
  serviceId: z.string().nullable(),
  serviceStatus: z.string().nullable(),
  login: z.string().nullable(),
  checkedBy: z.string().nullable(),
  checkedAt: z.string(),
});
export type WithdrawalCheck = z.infer<typeof withdrawalCheck>;

export const withdrawalDraft = z.object({
  id: draftId,
  foreignId: z.string(),
  currency: z.string(),
  /** Exact decimal text, as the request sends it. */
  amount: z.string(),
  address: z.string(),
  /** The request's exact text, as the journal keeps it and an approval sends it. */
  request: z.string(),
  requestSha256: z.string(),
  batchId: z.string().nullable(),
  draftedLogin: z.string().nullable(),
  draftedBy: z.string().nullable(),
  draftedAt: z.string(),
  expiresAt: z.string(),
  state: z.enum(WITHDRAWAL_DRAFT_STATES),
  /** Approvals still needed (0 once it may be sent). */
  missing: z.number().int().min(0),
  decisions: z.array(withdrawalDecision),
  /** Who claimed its send, when it is claimed. */
  claimedLogin: z.string().nullable(),
  /** What the service said, asked by the foreign id, of each send whose outcome was unknown: oldest first. */
  checks: z.array(withdrawalCheck),
});
export type WithdrawalDraft = z.infer<typeof withdrawalDraft>;

const login = z.string().trim().min(1).max(63);

/** What a merchant account's policy asks (docs/security.md, "Withdrawals under four eyes"). */
export const withdrawalPolicyTerms = z
  .object({
    approvalsNeeded: z.number().int().min(1).max(10),
    /** Over this amount in this currency, `approvals` approvals instead. */
    threshold: z.object({ currency: currencyCode, amount: positiveAmountInput, approvals: z.number().int().min(1).max(10) }).strict().optional(),
    /** The logins that may approve; any login but the drafter's when left out. */
    approvers: z.array(login).min(1).max(100).optional(),
    /** How long a draft waits for its approvals, in hours (at most 7 days); 24 when left out. */
    draftLifetimeHours: z.number().int().min(1).max(168).optional(),
  })
  .strict();
export type WithdrawalPolicyTerms = z.output<typeof withdrawalPolicyTerms>;

export const withdrawalPolicy = z.object({
  id: z.number().int(),
  approvalsNeeded: z.number().int(),
  threshold: z.object({ currency: z.string(), amount: z.string(), approvals: z.number().int() }).nullable(),
  approvers: z.array(z.string()).nullable(),
  /** How long a draft waits for its approvals under it, in milliseconds; null: 24 hours. */
  draftLifetimeMs: z.number().int().nullable(),
  proposedLogin: z.string().nullable(),
  proposedBy: z.string().nullable(),
  proposedAt: z.string(),
  /** proposed: waiting for another login's approval; approved, rejected: decided. */
  state: z.enum(['proposed', 'approved', 'rejected']),
});
export type WithdrawalPolicy = z.infer<typeof withdrawalPolicy>;

/** A payout file's text: 500 rows of at most an address, a tag, a code, an amount and a 255-character note fit well within it. */
export const MAX_PAYOUT_CSV_CHARS = 512 * 1024;

/**
 * Payouts in bulk (docs/withdrawals.md, "Payouts in bulk"): the back office's payout file and the
 * parties every row sends. Main reads and checks the file itself (shared/withdrawals/payout-csv.ts):
 * whatever the renderer checked is not trusted.
 */
export const payoutImportRequest = z
  .object({
    csv: z.string().min(1, ruleMessage('rules.payout.fileEmpty')).max(MAX_PAYOUT_CSV_CHARS, ruleMessage('rules.payout.fileMax', { kib: MAX_PAYOUT_CSV_CHARS / 1024 })),
    senderType,
    senderData: z.unknown(),
    receiverType,
    receiverData: z.unknown().optional(),
  })
  .strict();
export type PayoutImportRequest = z.output<typeof payoutImportRequest>;

export const payoutProblem = z.object({
  row: z.number().int().min(1).nullable(),
  line: z.number().int().min(1).nullable(),
  field: z.enum(['file', 'address', 'tag', 'currency', 'amount', 'note', 'senderData', 'receiverData']),
  code: z.string(),
  message: z.string(),
});
export type PayoutProblemView = z.infer<typeof payoutProblem>;

/**
 * A batch row's state, from its draft and the journal's tries under its foreign id:
 * sent: the service took it; unknown: it was claimed and may have left, with no clear answer (look
 * it up by its foreign id; never sent again); failed: the service refused it (never sent again under
 * this foreign id); waiting: not sent yet (approvals missing, or not yet reached by the send, or
 * claimed here and provably never left: sent when the batch is approved again); rejected, expired:
 * never sent.
 */
export const PAYOUT_ROW_STATES = ['sent', 'unknown', 'failed', 'waiting', 'rejected', 'expired'] as const;
export type PayoutRowState = (typeof PAYOUT_ROW_STATES)[number];

export const payoutBatchRow = z.object({
  draftId: draftId,
  foreignId: z.string(),
  currency: z.string(),
  amount: z.string(),
  address: z.string(),
  tag: z.string().nullable(),
  state: z.enum(PAYOUT_ROW_STATES),
  /** Approvals still needed (0 once it may be sent). */
  missing: z.number().int().min(0),
  /** The journal's latest try under the row's foreign id. */
  journalId: journalId.nullable(),
});
export type PayoutBatchRow = z.infer<typeof payoutBatchRow>;

export const payoutBatch = z.object({
  batchId: z.string(),
  rows: z.array(payoutBatchRow),
  /** Per currency, the sum of every row's amount (exact decimal text). */
  totals: z.record(z.string(), z.string()),
  /** Whether main is sending the batch's rows right now. */
  sending: z.boolean(),
  /** The most rows main sends a second. */
  sendsPerSecond: z.number(),
});
export type PayoutBatch = z.infer<typeof payoutBatch>;

const batchId = z.string().trim().min(1).max(128);

export const withdrawalsChannels = {
  /**
   * A payout file, checked again by main: with any bad row nothing is drafted and `problems` says
   * which, by row; else every row is drafted under one batch id, in one transaction, each with a
   * foreign id of its own.
   */
  'withdrawals.importBatch': { request: payoutImportRequest, response: z.object({ batch: payoutBatch.nullable(), problems: z.array(payoutProblem) }) },
  /**
   * One approval for a batch, after a yes in main's dialog (its rows' count and totals per currency,
   * from the journal's copies). Main then approves and sends its rows one by one, at most
   * `sendsPerSecond` a second, each through the one send of a single draft; the answer comes once
   * the sending began. Asked again (after a restart, say), it sends the rows not sent yet, never one
   * that may have left.
   */
  'withdrawals.approveBatch': { request: z.object({ batchId }).strict(), response: z.object({ batch: payoutBatch }) },
  /** A batch's rows and what became of each. */
  'withdrawals.batch': { request: z.object({ batchId }).strict(), response: z.object({ batch: payoutBatch }) },
  /** Drafts a withdrawal of the active profile: main builds its body, with a new foreign id, and keeps its exact text. */
  'withdrawals.draft': { request: withdrawalDraftRequest, response: z.object({ draft: withdrawalDraft }) },
  /**
   * A withdrawal's story for History's detail: the draft that gave it `foreignId` (who drafted it and
   * when, every approval and rejection with its reason, who claimed its send), or null when none did.
   */
  'withdrawals.story': { request: z.object({ foreignId: z.string().trim().min(1).max(128) }).strict(), response: z.object({ draft: withdrawalDraft.nullable() }) },
  /** The active profile's drafts, newest first. */
  'withdrawals.list': { request: z.object({}).strict(), response: z.object({ drafts: z.array(withdrawalDraft) }) },
  /**
   * An approval, after a yes in main's own dialog, which shows the journal's copy. When the
   * approvals then suffice, main sends exactly the drafted text, once: `sent` is its answer.
   */
  'withdrawals.approve': {
    request: z.object({ draftId }).strict(),
    response: z.object({
      draft: withdrawalDraft,
      sent: z.object({ journalId: journalId.nullable(), serviceId: z.string().nullable(), status: z.string().nullable() }).nullable(),
    }),
  },
  /**
   * Checks a draft whose send's outcome is unknown with the service (transactions/info by its
   * foreign id, fixed at drafting). found: the service has it, and the send is recorded as done with
   * its id and status; not-sent: it has none, long enough after the send began, and the draft may be
   * approved again by this person, who sends the same text under the same foreign id; wait: it has
   * none yet, but it is too early to tell (`checkAgainAt`). Never sends anything itself.
   */
  'withdrawals.check': {
    request: z.object({ draftId }).strict(),
    response: z.object({
      draft: withdrawalDraft,
      finding: z.enum(['sent', 'not-sent', 'wait']),
      /** The service's id and status, when it has it. */
      service: z.object({ id: z.string(), status: z.string().nullable() }).nullable(),
      checkAgainAt: z.string().nullable(),
      message: z.string(),
    }),
  },
  'withdrawals.reject': {
    request: z.object({ draftId, reason: z.string().trim().min(1, ruleMessage('rules.withdrawal.reasonEmpty')).max(2000, ruleMessage('rules.withdrawal.reasonMax', { max: 2000 })) }).strict(),
    response: z.object({ draft: withdrawalDraft }),
  },
  /** The team journal's policy for the active profile's merchant account: the one in force (null: the default) and every proposal. */
  'withdrawals.policies': { request: z.object({}).strict(), response: z.object({ inForce: withdrawalPolicy.nullable(), policies: z.array(withdrawalPolicy) }) },
  /** A change of the policy, in force only once another login approved it. */
  'withdrawals.proposePolicy': { request: withdrawalPolicyTerms, response: z.object({ policy: withdrawalPolicy }) },
  /** Approves (after a yes in main's dialog) or rejects a proposed policy. */
  'withdrawals.decidePolicy': {
    request: z.object({ policyId: z.number().int().min(1), decision: z.enum(WITHDRAWAL_DECISIONS), reason: z.string().trim().min(1).max(2000).optional() }).strict(),
    response: z.object({ policy: withdrawalPolicy }),
  },
  /**
   * Whether the active profile's one person withdraws alone, and whether the profile has a team
   * journal (then another person always approves, and `alone` is false).
   */
  'withdrawals.alone': { request: z.object({}).strict(), response: z.object({ alone: z.boolean(), teamJournal: z.boolean() }) },
  /**
   * A profile without a team journal has one person: they withdraw alone only once this is on, which
   * main asks them to confirm in its own dialog. A team journal's profile is refused.
   */
  'withdrawals.setAlone': { request: z.object({ on: z.boolean() }).strict(), response: z.object({ alone: z.boolean() }) },
} as const;
