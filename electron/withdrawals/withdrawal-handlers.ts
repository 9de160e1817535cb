import { newForeignId } from '../../shared/submission/foreign-id.ts';
import type { DeskDraft } from '../platform/journal/index.ts';
import { ALONE_OFF } from '../platform/journal/index.ts';
import { createCallLimit } from '../platform/limits/index.ts';
import type { Handlers } from '../platform/router/index.ts';
import { confirmWithPerson } from '../platform/services/index.ts';
import type { ConfirmQuestion, ServiceDeps } from '../platform/services/index.ts';
import { draftView, holderOf, stateOf } from './draft-states.ts';
import { readDraft, refuse, requestBody, withdrawalDesks } from './withdrawal-desks.ts';
import type { Sent, WithdrawalHandlerOptions } from './withdrawal-desks.ts';

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

/**
 * Drafts in any rolling minute: room for a payout list typed in, far below a runaway renderer's
 * stream of drafts, each of which every approver of the account would then have to read
 * (docs/security.md, "Money-moving IPC is rate-limited"). Approvals need main's dialog each.
 */
export const DRAFTS_PER_MINUTE = 60;

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

export function withdrawalHandlers(
  deps: ServiceDeps,
  options: WithdrawalHandlerOptions,
): Pick<
  Handlers,
  'withdrawals.draft' | 'withdrawals.list' | 'withdrawals.story' | 'withdrawals.approve' | 'withdrawals.reject' | 'withdrawals.alone' | 'withdrawals.setAlone'
> {
  const drafts = createCallLimit({
    limit: DRAFTS_PER_MINUTE,
    now: deps.now,
    words: (seconds) => deps.locale.say('main.withdrawals.draftLimit', { limit: DRAFTS_PER_MINUTE, seconds }),
  });
  const { active, existing, send } = withdrawalDesks(deps, options);
  const view = (draft: DeskDraft) => draftView(draft, options.desktopId(), deps.now());

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
    'withdrawals.reject': async ({ draftId, reason }) => {
      const { desk } = await active();
      return { draft: view(await desk.reject(draftId, reason)) };
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
