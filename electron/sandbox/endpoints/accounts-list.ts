import { jsonReply } from '../http/replies.ts';
import type { Reply } from '../http/replies.ts';
import { balancesOf } from '../model/balances.ts';
import type { Merchant, SandboxContext } from '../model/types.ts';
import { balancesView } from '../views/balances-view.ts';

/**
 * accounts/list (docs/service-interface.md, "accounts/list"): POST with `{}`, 200 with every
 * balance of the calling merchant, zeros included (model/balances.ts says how they move). The body
 * has no fields; any it carries are ignored, as the service ignores fields it does not take.
 */
export function listAccounts(ctx: SandboxContext, merchant: Merchant): Reply {
  return jsonReply(200, balancesView(balancesOf(ctx.data, merchant.key)));
}
