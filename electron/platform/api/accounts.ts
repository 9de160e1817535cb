import { accountsAnswer } from '../../../shared/api/index.ts';
import type { Balance, UnreadableElement } from '../../../shared/api/index.ts';
import { ANSWER_LIMITS } from './answer-limits.ts';
import type { ServiceCall } from './service-call.ts';
import type { Transport } from './transport.ts';

export type BalancesAnswer = { balances: Balance[]; unreadable: UnreadableElement[] };

/**
 * POST /accounts/list with `{}` (docs/service-interface.md, "accounts/list"): every balance of the
 * merchant, zeros included, each an exact decimal. A balance that cannot be read is set aside with
 * its place and value, and the others arrive. It changes nothing, so it may be sent again.
 */
export async function listBalances(transport: Transport): Promise<BalancesAnswer> {
  const call: ServiceCall = {
    method: 'POST',
    path: 'accounts/list',
    body: {},
    action: 'balances',
    repeatable: true,
    maxAnswerBytes: ANSWER_LIMITS.accounts,
  };
  const reply = await transport.send(call);
  const { items, unreadable } = transport.read(call, reply, accountsAnswer).data;
  return { balances: items, unreadable };
}
