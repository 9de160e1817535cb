import { AppFailure } from '../../shared/ipc/errors.ts';
import type { DeskDraft } from '../platform/journal/index.ts';
import { currentSend, UNKNOWN_SEND_SAFE_MS } from '../platform/journal/index.ts';
import { createCallLimit } from '../platform/limits/index.ts';
import type { Handlers } from '../platform/router/index.ts';
import type { ServiceDeps } from '../platform/services/index.ts';
import type { Say } from '../../shared/i18n/index.ts';
import { currentTries, draftView, knownSent, safeToJudgeAt } from './draft-states.ts';
import { refuse, withdrawalDesks } from './withdrawal-desks.ts';
import type { WithdrawalHandlerOptions } from './withdrawal-desks.ts';

/**
 * A send whose outcome is unknown, checked with the service by its foreign id (docs/withdrawals.md,
 * "A send whose outcome is unknown: check with the service"): found sent, not there yet (wait), or
 * not sent, which a login that approved the draft records so that its desktop sends it again.
 */

/** Checks with the service in any rolling minute: each is one lookup, asked by a person. */
export const CHECKS_PER_MINUTE = 10;

export function withdrawalCheckHandlers(deps: ServiceDeps, options: WithdrawalHandlerOptions): Pick<Handlers, 'withdrawals.check'> {
  const { active, existing } = withdrawalDesks(deps, options);
  const view = (draft: DeskDraft) => draftView(draft, options.desktopId(), deps.now());
  const say: Say = (id, values) => deps.locale.say(id, values);
  const checks = createCallLimit({
    limit: CHECKS_PER_MINUTE,
    now: deps.now,
    words: (seconds) => deps.locale.say('main.withdrawals.checkLimit', { limit: CHECKS_PER_MINUTE, seconds }),
  });

  return {
    'withdrawals.check': async ({ draftId }) => {
      const { desk, client, profileId } = await active();
      const draft = await existing(desk, draftId);
      if (!draft.claim) throw refuse(say('main.withdrawals.check.neverApproved', { id: String(draftId) }));
      const answer = (finding: 'sent' | 'not-sent' | 'wait', checked: DeskDraft, message: string, service: { id: string; status: string | null } | null = null, checkAgainAt: string | null = null) => ({
        draft: view(checked),
        finding,
        service,
        checkAgainAt,
        message,
      });
      const done = draft.checks.find((c) => c.outcome === 'sent');
      if (done) return answer('sent', draft, say('main.withdrawals.check.foundBefore', { foreignId: draft.foreignId, serviceId: done.serviceId ?? '?' }), done.serviceId ? { id: done.serviceId, status: done.serviceStatus } : null);
      if (knownSent(draft)) return answer('sent', draft, say('main.withdrawals.check.answered', { foreignId: draft.foreignId }));
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
        const words = { serviceId: found.id, foreignId: draft.foreignId };
        const message = found.status === null ? say('main.withdrawals.check.sentNoStatus', words) : say('main.withdrawals.check.sent', { ...words, status: found.status });
        return answer('sent', checked, message, found);
      }
      const safeAt = safeToJudgeAt(draft);
      if (deps.now() < Date.parse(safeAt) || current.some((t) => t.state === 'pending' && t.sentAt === null)) {
        return answer(
          'wait',
          draft,
          say('main.withdrawals.check.wait', { foreignId: draft.foreignId, minutes: UNKNOWN_SEND_SAFE_MS / 60_000, at: safeAt }),
          null,
          safeAt,
        );
      }
      // Said before anything is settled: the journal's rules refuse it anyway (withdrawal-desk.ts checkRefusal, withdrawal-rules.ts).
      const login = await desk.login();
      if (!draft.decisions.some((d) => d.decision === 'approve' && d.login === login)) {
        throw refuse(say('main.withdrawals.check.notApprover', { id: String(draftId), foreignId: draft.foreignId }));
      }
      await settle('failed', `Checked with the service at ${at}: it has no withdrawal under foreign id ${draft.foreignId}, ${UNKNOWN_SEND_SAFE_MS / 60_000} minutes or more after it was sent: it never arrived.`);
      const checked = await desk.check(draftId, { attempt, outcome: 'not-sent', serviceId: null, serviceStatus: null, judgedEntry });
      return answer(
        'not-sent',
        checked,
        say('main.withdrawals.check.notSent', { foreignId: draft.foreignId }),
      );
    },
  };
}
