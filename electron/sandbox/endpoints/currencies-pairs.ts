import { jsonReply, validationReply } from '../http/replies.ts';
import type { Reply } from '../http/replies.ts';
import { currencyField } from '../model/currency-rules.ts';
import { listPairs } from '../model/market.ts';
import type { Body } from '../model/rules.ts';
import { createErrors } from '../model/rules.ts';
import type { Merchant, SandboxContext } from '../model/types.ts';

/**
 * currencies/pairs (spec 4.3, 2.5). Which body fields are required is not shown, so both are
 * optional filters here; an unknown code is refused with "The selected currency from is invalid."
 * (docs/service-interface.md, "Error bodies"). A known code with no pairs answers an empty list.
 */
export function pairs(ctx: SandboxContext, _merchant: Merchant, body: Body): Reply {
  const e = createErrors();
  const from = currencyField(e, body, 'currency_from', false);
  const to = currencyField(e, body, 'currency_to', false);
  if (e.any()) return validationReply(e.map);
  return jsonReply(200, { data: listPairs(ctx.data.market, ctx.clock(), from, to) });
}
