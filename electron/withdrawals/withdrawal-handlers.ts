import type { Say } from '../../shared/i18n/index.ts';
import { newForeignId } from '../../shared/submission/foreign-id.ts';
import type { DeskDraft } from '../platform/journal/index.ts';
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
function approvalQuestion(say: Say, draft: DeskDraft, sent: Sent, profileName: string, live: boolean): ConfirmQuestion {
  const approvals = draft.decisions.filter((d) => d.decision === 'approve').map((d) => d.login ?? d.decidedBy ?? '?');
  const what = { amount: draft.amount, currency: draft.currency, address: sent.address };
  const drafter = draft.draftedLogin ?? say('main.withdrawals.confirm.thisComputer');
  return {
    title: say('main.withdrawals.confirm.title'),
    message: sent.tag ? say('main.withdrawals.confirm.messageWithTag', { ...what, tag: sent.tag }) : say('main.withdrawals.confirm.message', what),
    detail: [
      say('main.withdrawals.confirm.receiver', { receiver: sent.receiver_type ?? '?' }),
      say(live ? 'main.withdrawals.confirm.profileLive' : 'main.withdrawals.confirm.profile', { name: profileName }),
      say('main.withdrawals.confirm.foreignId', { foreignId: draft.foreignId }),
      draft.draftedBy
        ? say('main.withdrawals.confirm.draftedByNamed', { login: drafter, name: draft.draftedBy, at: draft.draftedAt })
        : say('main.withdrawals.confirm.draftedBy', { login: drafter, at: draft.draftedAt }),
      approvals.length > 0 ? say('main.withdrawals.confirm.approvedBy', { logins: approvals.join(', ') }) : say('main.withdrawals.confirm.approvedByNobody'),
      say('main.withdrawals.confirm.expires', { at: draft.expiresAt }),
      say('main.withdrawals.confirm.sha256', { sha256: draft.requestSha256 }),
      say('main.withdrawals.confirm.undone'),
    ],
    confirmLabel: say('main.withdrawals.confirm.button'),
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
  const say: Say = (id, values) => deps.locale.say(id, values);
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
      const sent = readDraft(draft, say);
      // A send this desktop claimed and a crash cut off before it left: sent from here, after a yes
      // again; the journal's tries decide whether it may still go (shared/submission/outcome.ts).
      // So is one a check found not sent, from the desktop that checked it.
      const resuming = draft.claim !== null && holderOf(draft) === options.desktopId();
      if (!resuming) {
        const state = stateOf(draft, options.desktopId(), deps.now());
        if (state === 'unsent') {
          const login = draft.checks.at(-1)?.login;
          throw refuse(login ? say('main.withdrawals.foundUnsentBy', { id: String(draftId), login }) : say('main.withdrawals.foundUnsentElsewhere', { id: String(draftId) }));
        }
        if (draft.claim) {
          const login = draft.claim.login;
          throw refuse(login ? say('main.withdrawals.claimedBy', { id: String(draftId), login }) : say('main.withdrawals.claimedElsewhere', { id: String(draftId) }));
        }
        if (state === 'rejected') throw refuse(say('main.withdrawals.rejected', { id: String(draftId) }));
        if (state === 'expired') throw refuse(say('main.withdrawals.expired', { id: String(draftId), at: draft.expiresAt }));
        if (desk.engine === 'sqlite' && !(await desk.alone())) throw refuse(say('main.withdrawals.aloneOff'));
        // Said before the dialog, so that nobody is asked in vain; the team journal's database refuses it anyway.
        if (desk.engine === 'postgres' && draft.draftedLogin === (await desk.login())) {
          throw refuse(say('main.withdrawals.ownLogin', { id: String(draftId), login: draft.draftedLogin ?? '' }));
        }
      }
      await confirmWithPerson(deps.askPerson, approvalQuestion(say, draft, sent, profileName, deps.book.get(profileId).kind === 'live'));
      if (resuming) {
        const result = await send(draft, connection);
        return { draft: view(await existing(desk, draftId)), sent: result };
      }
      const { draft: approved, claimed } = await desk.approve(draftId);
      if (!claimed) return { draft: view(approved), sent: null };
      // What is sent is the text the approval was recorded on, read in that transaction: not a copy the renderer holds.
      if (approved.requestSha256 !== draft.requestSha256) throw refuse(say('main.withdrawals.changed', { id: String(draftId) }));
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
      if (desk.engine !== 'sqlite') throw refuse(say('main.withdrawals.alone.teamJournal'));
      if (on) {
        await confirmWithPerson(deps.askPerson, {
          title: say('main.withdrawals.alone.title'),
          message: say('main.withdrawals.alone.message', { name: profileName }),
          detail: [say('main.withdrawals.alone.nobodyElse'), say('main.withdrawals.alone.stillShown')],
          confirmLabel: say('main.withdrawals.alone.button'),
        });
      }
      await desk.setAlone(on);
      return { alone: on };
    },
  };
}
