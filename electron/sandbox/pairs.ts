import { jsonReply, validationReply } from './http.ts';
import { listPairs } from './market.ts';
import { currencyField } from './quotes.ts';
import type { Body } from './rules.ts';
import { createErrors } from './rules.ts';
import type { Merchant, Reply, SandboxContext } from './types.ts';

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
