import type { WithdrawalPolicy } from '../../shared/ipc/capabilities/withdrawals.ts';
import { AppFailure } from '../../shared/ipc/errors.ts';
import { DRAFT_LIFETIME_MS } from '../platform/journal/index.ts';
import type { Handlers } from '../platform/router/index.ts';
import { confirmWithPerson } from '../platform/services/index.ts';
import type { ConfirmQuestion, ServiceDeps } from '../platform/services/index.ts';
import { refuse, withdrawalDesks } from './withdrawal-desks.ts';
import type { WithdrawalHandlerOptions } from './withdrawal-desks.ts';

/**
 * The approval policy of a team journal's merchant account (docs/withdrawals.md, "The approval
 * policy"): read, proposed, and approved or rejected by another login; an approval shows the
 * proposal's terms from the journal's copy in main's dialog first.
 */

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

export function withdrawalPolicyHandlers(
  deps: ServiceDeps,
  options: WithdrawalHandlerOptions,
): Pick<Handlers, 'withdrawals.policies' | 'withdrawals.proposePolicy' | 'withdrawals.decidePolicy'> {
  const { active } = withdrawalDesks(deps, options);
  return {
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
  };
}
