import type { WithdrawalDraftRequest } from '../../shared/ipc/capabilities/withdrawals.ts';
import { AppFailure } from '../../shared/ipc/errors.ts';
import { foreignIdReusable, neverLeft } from '../../shared/submission/outcome.ts';
import type { DeskDraft, EarlierTry, WithdrawalDesk } from '../platform/journal/index.ts';
import { sha256Hex } from '../platform/journal/index.ts';
import type { ServiceDeps } from '../platform/services/index.ts';
import type { Say } from '../../shared/i18n/index.ts';

/**
 * What every withdrawal handler shares (docs/security.md, "Withdrawals under four eyes"): the
 * active profile's desk, a draft by its id, the draft's text read back whole, and the one send of a
 * claimed draft. Drafting and approving (withdrawal-handlers.ts), checks of an unknown send
 * (withdrawal-checks.ts), the approval policy (withdrawal-policies.ts) and payout batches
 * (payout-batches.ts) each use these.
 */

export type WithdrawalsFor = (profileId: string) => Promise<WithdrawalDesk>;

export type WithdrawalHandlerOptions = {
  withdrawalsFor: WithdrawalsFor;
  /** This desktop's own id: a send claimed here and cut off before it left is sent from here, and only here. */
  desktopId: () => string;
  /** Tests only: runs once an approval took the send claim, before the send begins, where a test kills the process. */
  claimed?: (at: { draftId: number }) => void;
  /** Tests only: how a batch's send waits between two rows (payout-batches.ts); a timer otherwise. */
  pause?: (ms: number) => Promise<void>;
};

export const refuse = (message: string) => new AppFailure({ kind: 'invalid_request', message, fields: {} });

/** The body main sends, in the order the fields are described (electron/sandbox/endpoints/withdrawal-crypto.ts). */
export function requestBody(foreignId: string, form: WithdrawalDraftRequest): Record<string, unknown> {
  const body: Record<string, unknown> = { foreign_id: foreignId, currency: form.currency, amount: form.amount, address: form.address };
  if (form.tag !== undefined) body.tag = form.tag;
  if (form.convertTo !== undefined) body.convert_to = form.convertTo;
  if (form.amountTo !== undefined) body.amount_to = form.amountTo;
  if (form.endUserReference !== undefined) body.end_user_reference = form.endUserReference;
  body.sender_type = form.senderType;
  body.sender_data = form.senderData;
  body.receiver_type = form.receiverType;
  if (form.receiverData !== undefined) body.receiver_data = form.receiverData;
  return body;
}

export type Sent = { foreign_id: string; currency: string; amount: string; address: string; tag?: string; receiver_type?: string };

/**
 * The draft's text read back as what it sends, checked against the draft's own columns and hash:
 * a row that does not hold together is never shown nor sent (null here; readDraft refuses it).
 */
export function wholeDraft(draft: DeskDraft): Sent | null {
  let body: unknown;
  try {
    body = JSON.parse(draft.request);
  } catch {
    body = null;
  }
  const sent = body as Partial<Sent> | null;
  const whole =
    sha256Hex(draft.request) === draft.requestSha256 &&
    sent !== null &&
    typeof sent === 'object' &&
    sent.foreign_id === draft.foreignId &&
    sent.currency === draft.currency &&
    sent.amount === draft.amount &&
    typeof sent.address === 'string';
  return whole ? (sent as Sent) : null;
}

/** The draft's text read back whole, or refused in the window's language. */
export function readDraft(draft: DeskDraft, say: Say): Sent {
  const sent = wholeDraft(draft);
  if (!sent) throw refuse(say('main.withdrawals.broken', { id: String(draft.id) }));
  return sent;
}

export function alreadySent(foreignId: string, tries: readonly EarlierTry[], say: Say): AppFailure {
  const latest = tries.filter((entry) => !neverLeft(entry)).at(-1);
  const open = latest?.state === 'unknown' || latest?.state === 'pending';
  return new AppFailure({ kind: 'already_sent', foreignId, message: say(open ? 'main.withdrawals.alreadySent.open' : 'main.withdrawals.alreadySent.answered', { foreignId }) });
}

/** The active profile's desk, a draft by its id, and the one send of a claimed draft: what single and batch approvals share. */
export function withdrawalDesks(deps: ServiceDeps, options: WithdrawalHandlerOptions) {
  const active = async () => {
    const connection = await deps.connection.active();
    return { ...connection, desk: await options.withdrawalsFor(connection.profileId) };
  };
  const existing = async (desk: WithdrawalDesk, id: number): Promise<DeskDraft> => {
    const draft = await desk.get(id);
    if (!draft) throw new AppFailure({ kind: 'not_found', message: deps.locale.say('main.withdrawals.noDraft', { id }) });
    return draft;
  };

  /**
   * Sends exactly the draft's text, once, through the journal's pending entry and sent mark. Only
   * the current send's tries may allow it (every one provably never left): earlier ones were found
   * not sent by a check, which settled each as failed.
   */
  const send = async (draft: DeskDraft, connection: Awaited<ReturnType<typeof active>>) => {
    const judged = draft.checks.filter((c) => c.outcome === 'not-sent').at(-1)?.judgedEntry ?? null;
    if (draft.checks.some((c) => c.outcome === 'sent')) throw alreadySent(draft.foreignId, [], deps.locale.say);
    const { client, profileId, profileName, origin } = connection;
    const { value, journalId } = await connection.tracker.submission(
      {
        profileId,
        profileName,
        origin,
        operation: 'withdrawals.approve',
        foreignId: draft.foreignId,
        currency: draft.currency,
        amount: draft.amount,
        request: JSON.parse(draft.request) as Record<string, unknown>,
      },
      (receipt) => client.withdrawCrypto(draft.request, draft.foreignId, receipt),
      (order) => ({ serviceId: order.id, serviceStatus: order.status ?? null }),
      (tries) => {
        const released = draft.checks.some((c) => c.outcome === 'not-sent');
        const current = released ? tries.filter((t) => t.id > (judged ?? 0)) : tries;
        const judgedOnes = released ? tries.filter((t) => t.id <= (judged ?? 0)) : [];
        if (!foreignIdReusable(current) || judgedOnes.some((t) => t.state !== 'failed')) throw alreadySent(draft.foreignId, current, deps.locale.say);
      },
    );
    return { journalId, serviceId: String(value.id), status: value.status ?? null };
  };

  return { active, existing, send };
}

export type WithdrawalDesks = ReturnType<typeof withdrawalDesks>;
export type ActiveDesk = Awaited<ReturnType<WithdrawalDesks['active']>>;
