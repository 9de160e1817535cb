import type { WithdrawalDraft } from '../../shared/ipc/capabilities/withdrawals.ts';
import { foreignIdReusable } from '../../shared/submission/outcome.ts';
import type { DeskDraft, DeskTry } from '../platform/journal/index.ts';
import { currentSend, UNKNOWN_SEND_SAFE_MS } from '../platform/journal/index.ts';
import { wholeDraft } from './withdrawal-desks.ts';

/** A draft's state and its view for the screens, read from the draft, its claim, its checks and the journal's tries. */

/**
 * The tries of the draft's current send: after the newest try the last 'not-sent' check judged
 * (every try, when there was none). Earlier ones were settled as failed by that check.
 */
export function currentTries(draft: Pick<DeskDraft, 'checks' | 'tries'>): DeskTry[] {
  const released = draft.checks.filter((c) => c.outcome === 'not-sent').at(-1);
  if (!released) return draft.tries;
  const judged = released.judgedEntry ?? 0;
  return draft.tries.filter((t) => t.id > judged);
}

/** The desktop that sends the draft's current send: the claim's, or the one that last found it not sent. */
export function holderOf(draft: Pick<DeskDraft, 'claim' | 'checks'>): string | null {
  const released = draft.checks.filter((c) => c.outcome === 'not-sent').at(-1);
  return released ? released.desktopId : (draft.claim?.desktopId ?? null);
}

/** Whether the draft's send is known done: the service said so to a check, or answered a try with yes. */
export const knownSent = (draft: Pick<DeskDraft, 'checks' | 'tries'>): boolean =>
  draft.checks.some((c) => c.outcome === 'sent') || currentTries(draft).some((t) => t.state === 'succeeded');

/** When the service's "none under this foreign id" will mean the current send never arrived (ISO 8601). */
export function safeToJudgeAt(draft: Pick<DeskDraft, 'claim' | 'checks' | 'tries'>): string {
  const times = [currentSend(draft).began, ...draft.tries.map((t) => t.sentAt)].filter((at): at is string => at !== null).map(Date.parse);
  return new Date(Math.max(0, ...times) + UNKNOWN_SEND_SAFE_MS).toISOString();
}

/**
 * A draft's state for the screens. A claimed one is `unknown` when its current send may have left
 * with no answer (a try unknown, or sent and silent past the safe time), or when another desktop's
 * claim went quiet past it with no try at all; `unsent` when a check found it not sent and no try
 * followed yet. `desktopId`: this desktop's, whose own quiet claim it resumes itself on approval.
 */
export function stateOf(draft: DeskDraft, desktopId: string, now: number): WithdrawalDraft['state'] {
  if (draft.claim) {
    if (knownSent(draft)) return 'sending';
    const current = currentTries(draft);
    const quiet = now >= Date.parse(safeToJudgeAt(draft));
    // A try that was sent and got no answer: unknown, or settled by hand (or by a check cut off before it recorded its finding).
    const unanswered = (t: DeskTry) => t.state === 'unknown' || (t.sentAt !== null && t.httpStatus === null && (t.state === 'failed' || (t.state === 'pending' && quiet)));
    if (current.some(unanswered)) return 'unknown';
    if (foreignIdReusable(current)) {
      if (draft.checks.some((c) => c.outcome === 'not-sent')) return 'unsent';
      if (holderOf(draft) !== desktopId && quiet) return 'unknown';
    }
    return 'sending';
  }
  if (draft.decisions.some((d) => d.decision === 'reject')) return 'rejected';
  return draft.expired ? 'expired' : 'awaiting';
}

export function draftView(draft: DeskDraft, desktopId: string, now: number): WithdrawalDraft {
  // Listed all the same, without an address, when it does not hold together: an approval reads it again and refuses it.
  const address = wholeDraft(draft)?.address ?? '';
  return {
    id: draft.id,
    foreignId: draft.foreignId,
    currency: draft.currency,
    amount: draft.amount,
    address,
    request: draft.request,
    requestSha256: draft.requestSha256,
    batchId: draft.batchId,
    draftedLogin: draft.draftedLogin,
    draftedBy: draft.draftedBy,
    draftedAt: draft.draftedAt,
    expiresAt: draft.expiresAt,
    state: stateOf(draft, desktopId, now),
    missing: draft.missing,
    decisions: draft.decisions,
    claimedLogin: draft.claim?.login ?? null,
    checks: draft.checks.map(({ attempt, outcome, serviceId, serviceStatus, login, checkedBy, checkedAt }) => ({ attempt, outcome, serviceId, serviceStatus, login, checkedBy, checkedAt })),
  };
}
