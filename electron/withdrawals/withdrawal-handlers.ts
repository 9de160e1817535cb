import type { WithdrawalDraft, WithdrawalDraftRequest, WithdrawalPolicy } from '../../shared/ipc/capabilities/withdrawals.ts';
import { AppFailure } from '../../shared/ipc/errors.ts';
import { newForeignId } from '../../shared/submission/foreign-id.ts';
import { foreignIdReusable, neverLeft } from '../../shared/submission/outcome.ts';
import type { DeskDraft, DeskTry, WithdrawalDesk } from '../platform/journal/index.ts';
import { ALONE_OFF, currentSend, DRAFT_LIFETIME_MS, sha256Hex, UNKNOWN_SEND_SAFE_MS } from '../platform/journal/index.ts';
import type { EarlierTry } from '../platform/journal/index.ts';
import { createCallLimit } from '../platform/limits/index.ts';
import type { Handlers } from '../platform/router/index.ts';
import { confirmWithPerson } from '../platform/services/index.ts';
import type { ConfirmQuestion, ServiceDeps } from '../platform/services/index.ts';

/**
 * Withdrawals under four eyes (docs/security.md, "Withdrawals under four eyes"). A withdrawal is
 * first a draft: main builds its body from the form's fields, with a foreign id of its own, and the
 * journal keeps that exact text. An approval names a draft by its id only: main reads the draft
 * from the journal, shows the journal's copy in its own dialog, records the approval, and, when the
 * approvals then suffice (the team journal's database decides, and gives the draft's one send
 * claim to this approval: journal/withdrawals/), signs and sends exactly the stored text, once,
 * through the journal's pending entry and sent mark like every submission.
 *
 * Without a team journal there is one person: they approve their own draft only once "I withdraw
 * alone" is on for the profile, which main asks them to confirm in its dialog.
 */

export type WithdrawalsFor = (profileId: string) => Promise<WithdrawalDesk>;

/**
 * Drafts in any rolling minute: room for a payout list typed in, far below a runaway renderer's
 * stream of drafts, each of which every approver of the account would then have to read
 * (docs/security.md, "Money-moving IPC is rate-limited"). Approvals need main's dialog each.
 */
export const DRAFTS_PER_MINUTE = 60;

/** Checks with the service in any rolling minute: each is one lookup, asked by a person. */
export const CHECKS_PER_MINUTE = 10;

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
 * a row that does not hold together is never shown nor sent.
 */
export function readDraft(draft: DeskDraft): Sent {
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
  if (!whole) throw refuse(`Withdrawal draft ${draft.id} does not hold together (its text, its hash and its columns differ): it is not shown nor sent.`);
  return sent as Sent;
}

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

function viewOf(draft: DeskDraft, desktopId: string, now: number): WithdrawalDraft {
  let address: string;
  try {
    address = readDraft(draft).address;
  } catch {
    // Listed all the same, without an address: an approval reads it again and refuses it.
    address = '';
  }
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

/** The facts an approver checks, from the journal's copy: what is sent, to where, drafted by whom. */
function approvalQuestion(draft: DeskDraft, sent: Sent, profileName: string, live: boolean): ConfirmQuestion {
  const approvals = draft.decisions.filter((d) => d.decision === 'approve').map((d) => d.login ?? d.decidedBy ?? '?');
  return {
    title: 'Approve withdrawal',
    message: `Send ${draft.amount} ${draft.currency} to ${sent.address}${sent.tag ? ` (tag ${sent.tag})` : ''}?`,
    detail: [
      `Receiver: ${sent.receiver_type ?? '?'}`,
      `Profile: ${profileName}${live ? ' (live: real money)' : ''}`,
      `Foreign id: ${draft.foreignId}`,
      `Drafted by: ${draft.draftedLogin ?? 'this computer'}${draft.draftedBy ? ` (${draft.draftedBy})` : ''} at ${draft.draftedAt}`,
      `Approved so far by: ${approvals.length > 0 ? approvals.join(', ') : 'nobody'}`,
      `Expires: ${draft.expiresAt}`,
      `Request sha256: ${draft.requestSha256}`,
      'A withdrawal cannot be undone.',
    ],
    confirmLabel: 'Approve withdrawal',
  };
}

function policyQuestion(policy: WithdrawalPolicy, profileName: string): ConfirmQuestion {
  return {
    title: 'Approve withdrawal policy',
    message: `Let withdrawals of ${profileName} need ${policy.approvalsNeeded} approval(s) by other people?`,
    detail: [
      policy.threshold ? `Over ${policy.threshold.amount} ${policy.threshold.currency}: ${policy.threshold.approvals} approval(s)` : 'No threshold',
      `May approve: ${policy.approvers ? policy.approvers.join(', ') : 'any login but the drafter’s'}`,
      `A draft waits for its approvals: ${(policy.draftLifetimeMs ?? DRAFT_LIFETIME_MS) / 3_600_000} hour(s)${policy.draftLifetimeMs === null ? ' (the default)' : ''}`,
      `Proposed by: ${policy.proposedLogin ?? '?'}${policy.proposedBy ? ` (${policy.proposedBy})` : ''} at ${policy.proposedAt}`,
    ],
    confirmLabel: 'Approve policy',
  };
}

export function alreadySent(foreignId: string, tries: readonly EarlierTry[]): AppFailure {
  const latest = tries.filter((entry) => !neverLeft(entry)).at(-1);
  const where =
    latest?.state === 'unknown' || latest?.state === 'pending'
      ? 'It may have reached the service, and its outcome is not known yet: look it up by its foreign id.'
      : 'The service has already been asked once, whatever its answer was.';
  return new AppFailure({ kind: 'already_sent', foreignId, message: `The withdrawal with foreign id ${foreignId} was already sent, so it is not sent again. ${where}` });
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
    if (draft.checks.some((c) => c.outcome === 'sent')) throw alreadySent(draft.foreignId, []);
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
        if (!foreignIdReusable(current) || judgedOnes.some((t) => t.state !== 'failed')) throw alreadySent(draft.foreignId, current);
      },
    );
    return { journalId, serviceId: String(value.id), status: value.status ?? null };
  };

  return { active, existing, send };
}

export type WithdrawalDesks = ReturnType<typeof withdrawalDesks>;
export type ActiveDesk = Awaited<ReturnType<WithdrawalDesks['active']>>;

export function withdrawalHandlers(
  deps: ServiceDeps,
  options: WithdrawalHandlerOptions,
): Pick<
  Handlers,
  | 'withdrawals.draft'
  | 'withdrawals.list'
  | 'withdrawals.story'
  | 'withdrawals.approve'
  | 'withdrawals.reject'
  | 'withdrawals.check'
  | 'withdrawals.alone'
  | 'withdrawals.setAlone'
  | 'withdrawals.policies'
  | 'withdrawals.proposePolicy'
  | 'withdrawals.decidePolicy'
> {
  const drafts = createCallLimit({
    limit: DRAFTS_PER_MINUTE,
    now: deps.now,
    words: (seconds) => deps.locale.say('main.withdrawals.draftLimit', { limit: DRAFTS_PER_MINUTE, seconds }),
  });
  const { active, existing, send } = withdrawalDesks(deps, options);
  const view = (draft: DeskDraft) => viewOf(draft, options.desktopId(), deps.now());
  const checks = createCallLimit({
    limit: CHECKS_PER_MINUTE,
    now: deps.now,
    words: (seconds) => deps.locale.say('main.withdrawals.checkLimit', { limit: CHECKS_PER_MINUTE, seconds }),
  });

  return {
    'withdrawals.draft': async (form) => {
      const { profileName, desk } = await active();
      drafts.take();
      const foreignId = newForeignId('wdr', new Date(deps.now()));
      const request = JSON.stringify(requestBody(foreignId, form));
      const draft = await desk.draft({ profileName, foreignId, currency: form.currency, amount: form.amount, request, batchId: form.batchId ?? null });
      return { draft: view(draft) };
    },
    'withdrawals.list': async () => {
      const { desk } = await active();
      return { drafts: (await desk.list()).map(view) };
    },
    'withdrawals.story': async ({ foreignId }) => {
      const { desk } = await active();
      const draft = await desk.byForeignId(foreignId);
      return { draft: draft ? view(draft) : null };
    },
    'withdrawals.approve': async ({ draftId }) => {
      const connection = await active();
      const { desk, profileId, profileName } = connection;
      const draft = await existing(desk, draftId);
      const sent = readDraft(draft);
      // A send this desktop claimed and a crash cut off before it left: sent from here, after a yes
      // again; the journal's tries decide whether it may still go (shared/submission/outcome.ts).
      // So is one a check found not sent, from the desktop that checked it.
      const resuming = draft.claim !== null && holderOf(draft) === options.desktopId();
      if (!resuming) {
        const state = stateOf(draft, options.desktopId(), deps.now());
        if (state === 'unsent') throw refuse(`Withdrawal draft ${draftId} was found not sent by ${draft.checks.at(-1)?.login ?? 'another desktop'}, whose desktop sends it again.`);
        if (draft.claim) throw refuse(`Withdrawal draft ${draftId} is already approved and sent by ${draft.claim.login ?? 'another desktop'}.`);
        if (state === 'rejected') throw refuse(`Withdrawal draft ${draftId} was rejected.`);
        if (state === 'expired') throw refuse(`Withdrawal draft ${draftId} expired at ${draft.expiresAt}.`);
        if (desk.engine === 'sqlite' && !(await desk.alone())) throw refuse(ALONE_OFF);
        // Said before the dialog, so that nobody is asked in vain; the team journal's database refuses it anyway.
        if (desk.engine === 'postgres' && draft.draftedLogin === (await desk.login())) {
          throw refuse(`Withdrawal draft ${draftId} was drafted by your login (${draft.draftedLogin}): another login approves it.`);
        }
      }
      await confirmWithPerson(deps.askPerson, approvalQuestion(draft, sent, profileName, deps.book.get(profileId).kind === 'live'));
      if (resuming) {
        const result = await send(draft, connection);
        return { draft: view(await existing(desk, draftId)), sent: result };
      }
      const { draft: approved, claimed } = await desk.approve(draftId);
      if (!claimed) return { draft: view(approved), sent: null };
      // What is sent is the text the approval was recorded on, read in that transaction: not a copy the renderer holds.
      if (approved.requestSha256 !== draft.requestSha256) throw refuse(`Withdrawal draft ${draftId} changed while it was being approved: nothing was sent.`);
      options.claimed?.({ draftId });
      const result = await send(approved, connection);
      return { draft: view(await existing(desk, draftId)), sent: result };
    },
    'withdrawals.check': async ({ draftId }) => {
      const { desk, client, profileId } = await active();
      const draft = await existing(desk, draftId);
      if (!draft.claim) throw refuse(`Withdrawal draft ${draftId} was never approved for sending: there is nothing to check.`);
      const answer = (finding: 'sent' | 'not-sent' | 'wait', checked: DeskDraft, message: string, service: { id: string; status: string | null } | null = null, checkAgainAt: string | null = null) => ({
        draft: view(checked),
        finding,
        service,
        checkAgainAt,
        message,
      });
      const done = draft.checks.find((c) => c.outcome === 'sent');
      if (done) return answer('sent', draft, `Withdrawal ${draft.foreignId} was already found sent at the service (id ${done.serviceId ?? '?'}).`, done.serviceId ? { id: done.serviceId, status: done.serviceStatus } : null);
      if (knownSent(draft)) return answer('sent', draft, `Withdrawal ${draft.foreignId} was sent: the service answered it.`);
      checks.take();
      // The foreign id was fixed at drafting: the service knows the withdrawal by it, whoever sent it.
      let found: { id: string; status: string | null } | null = null;
      try {
        const { transaction } = await client.lookupTransaction({ foreign_id: draft.foreignId });
        found = { id: String(transaction.id), status: transaction.status ?? null };
      } catch (error) {
        if (!(error instanceof AppFailure && error.error.kind === 'not_found')) throw error;
      }
      const journal = await deps.journalFor(profileId);
      const current = currentTries(draft);
      const judgedEntry = draft.tries.at(-1)?.id ?? null;
      const at = new Date(deps.now()).toISOString();
      const { attempt } = currentSend(draft);
      // Each try that may have left and has no answer is settled as the service's answer says, as a person resolving it would.
      const settle = async (state: 'succeeded' | 'failed', note: string) => {
        for (const entry of current) {
          if (entry.state === 'unknown') await journal.resolve(entry.id, state, note);
          else if (entry.state === 'pending' && entry.sentAt !== null) {
            // Resolvable only once silent long enough (journal/attention-sql.ts): else it stays pending, which a
            // 'not-sent' finding is then refused on, and a 'sent' one does not need.
            await journal.resolve(entry.id, state, note).catch((error: unknown) => {
              if (!(error instanceof AppFailure && error.error.kind === 'invalid_request')) throw error;
            });
          }
        }
      };
      if (found) {
        await settle('succeeded', `Checked with the service at ${at}: it has withdrawal ${found.id} under foreign id ${draft.foreignId} (status ${found.status ?? 'not given'}).`);
        const checked = await desk.check(draftId, { attempt, outcome: 'sent', serviceId: found.id, serviceStatus: found.status, judgedEntry });
        return answer('sent', checked, `The service has withdrawal ${found.id} under foreign id ${draft.foreignId} (status ${found.status ?? 'not given'}): it was sent, and is recorded so.`, found);
      }
      const safeAt = safeToJudgeAt(draft);
      if (deps.now() < Date.parse(safeAt) || current.some((t) => t.state === 'pending' && t.sentAt === null)) {
        return answer(
          'wait',
          draft,
          `The service has no withdrawal under foreign id ${draft.foreignId} yet, but its send began (or was last sent) less than ${UNKNOWN_SEND_SAFE_MS / 60_000} minutes ago, or a try of it is still open: it may still arrive. Check again at ${safeAt}.`,
          null,
          safeAt,
        );
      }
      // Said before anything is settled: the journal's rules refuse it anyway (withdrawal-desk.ts checkRefusal, withdrawal-rules.ts).
      const login = await desk.login();
      if (!draft.decisions.some((d) => d.decision === 'approve' && d.login === login)) {
        throw refuse(`Withdrawal draft ${draftId}: the service has no withdrawal under foreign id ${draft.foreignId}, but only a login that approved it finds it not sent, and sends it again.`);
      }
      await settle('failed', `Checked with the service at ${at}: it has no withdrawal under foreign id ${draft.foreignId}, ${UNKNOWN_SEND_SAFE_MS / 60_000} minutes or more after it was sent: it never arrived.`);
      const checked = await desk.check(draftId, { attempt, outcome: 'not-sent', serviceId: null, serviceStatus: null, judgedEntry });
      return answer(
        'not-sent',
        checked,
        `The service has no withdrawal under foreign id ${draft.foreignId}: it was not sent. Approve it to send it again, the same withdrawal under the same foreign id (the service refuses a foreign id it already has).`,
      );
    },
    'withdrawals.reject': async ({ draftId, reason }) => {
      const { desk } = await active();
      return { draft: view(await desk.reject(draftId, reason)) };
    },
    'withdrawals.policies': async () => (await active()).desk.policies(),
    'withdrawals.proposePolicy': async (terms) => ({ policy: await (await active()).desk.propose(terms) }),
    'withdrawals.decidePolicy': async ({ policyId, decision, reason }) => {
      const { desk, profileName } = await active();
      const proposal = (await desk.policies()).policies.find((policy) => policy.id === policyId);
      if (!proposal) throw new AppFailure({ kind: 'not_found', message: deps.locale.say('main.withdrawals.noPolicy', { id: policyId }) });
      if (decision === 'reject' && reason === undefined) throw refuse('A rejection says why.');
      // What the proposal asks, from the journal's copy, in main's dialog: a policy decides who may send money.
      if (decision === 'approve') await confirmWithPerson(deps.askPerson, policyQuestion(proposal, profileName));
      return { policy: await desk.decidePolicy(policyId, decision, reason ?? null) };
    },
    'withdrawals.alone': async () => {
      const { desk } = await active();
      const teamJournal = desk.engine !== 'sqlite';
      return { alone: !teamJournal && (await desk.alone()), teamJournal };
    },
    'withdrawals.setAlone': async ({ on }) => {
      const { desk, profileName } = await active();
      if (desk.engine !== 'sqlite') throw refuse('This profile has a team journal: its withdrawals are approved by another person, never alone.');
      if (on) {
        await confirmWithPerson(deps.askPerson, {
          title: 'Withdraw alone',
          message: `Let withdrawals of ${profileName} be sent on your approval alone?`,
          detail: [
            'This profile has no team journal, so nobody else can approve its withdrawals.',
            'Each withdrawal is still shown in this window before it is sent.',
          ],
          confirmLabel: 'Withdraw alone',
        });
      }
      await desk.setAlone(on);
      return { alone: on };
    },
  };
}
