import type { WithdrawalPolicy } from '../../shared/ipc/capabilities/withdrawals.ts';
import { AppFailure } from '../../shared/ipc/errors.ts';
import { DRAFT_LIFETIME_MS } from '../platform/journal/index.ts';
import type { Handlers } from '../platform/router/index.ts';
import { confirmWithPerson } from '../platform/services/index.ts';
import type { ConfirmQuestion, ServiceDeps } from '../platform/services/index.ts';
import type { Say } from '../../shared/i18n/index.ts';
import { refuse, withdrawalDesks } from './withdrawal-desks.ts';
import type { WithdrawalHandlerOptions } from './withdrawal-desks.ts';

/**
 * The approval policy of a team journal's merchant account (docs/withdrawals.md, "The approval
 * policy"): read, proposed, and approved or rejected by another login; an approval shows the
 * proposal's terms from the journal's copy in main's dialog first.
 */

function policyQuestion(say: Say, policy: WithdrawalPolicy, profileName: string): ConfirmQuestion {
  const hours = String((policy.draftLifetimeMs ?? DRAFT_LIFETIME_MS) / 3_600_000);
  const proposer = policy.proposedLogin ?? '?';
  return {
    title: say('main.withdrawals.policy.title'),
    message: say('main.withdrawals.policy.message', { name: profileName, count: policy.approvalsNeeded }),
    detail: [
      policy.threshold
        ? say('main.withdrawals.policy.threshold', { amount: policy.threshold.amount, currency: policy.threshold.currency, count: policy.threshold.approvals })
        : say('main.withdrawals.policy.noThreshold'),
      policy.approvers ? say('main.withdrawals.policy.approvers', { logins: policy.approvers.join(', ') }) : say('main.withdrawals.policy.anyApprover'),
      policy.draftLifetimeMs === null ? say('main.withdrawals.policy.lifetimeDefault', { hours }) : say('main.withdrawals.policy.lifetime', { hours }),
      policy.proposedBy
        ? say('main.withdrawals.policy.proposedByNamed', { login: proposer, name: policy.proposedBy, at: policy.proposedAt })
        : say('main.withdrawals.policy.proposedBy', { login: proposer, at: policy.proposedAt }),
    ],
    confirmLabel: say('main.withdrawals.policy.button'),
  };
}

export function withdrawalPolicyHandlers(
  deps: ServiceDeps,
  options: WithdrawalHandlerOptions,
): Pick<Handlers, 'withdrawals.policies' | 'withdrawals.proposePolicy' | 'withdrawals.decidePolicy'> {
  const { active } = withdrawalDesks(deps, options);
  const say: Say = (id, values) => deps.locale.say(id, values);
  return {
    'withdrawals.policies': async () => (await active()).desk.policies(),
    'withdrawals.proposePolicy': async (terms) => ({ policy: await (await active()).desk.propose(terms) }),
    'withdrawals.decidePolicy': async ({ policyId, decision, reason }) => {
      const { desk, profileName } = await active();
      const proposal = (await desk.policies()).policies.find((policy) => policy.id === policyId);
      if (!proposal) throw new AppFailure({ kind: 'not_found', message: deps.locale.say('main.withdrawals.noPolicy', { id: policyId }) });
      if (decision === 'reject' && reason === undefined) throw refuse(say('main.withdrawals.policy.noReason'));
      // What the proposal asks, from the journal's copy, in main's dialog: a policy decides who may send money.
      if (decision === 'approve') await confirmWithPerson(deps.askPerson, policyQuestion(say, proposal, profileName));
      return { policy: await desk.decidePolicy(policyId, decision, reason ?? null) };
    },
  };
}
