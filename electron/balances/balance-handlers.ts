import { createCallLimit } from '../platform/limits/index.ts';
import type { Handlers } from '../platform/router/index.ts';
import { isoAt } from '../platform/services/index.ts';
import type { ServiceDeps } from '../platform/services/index.ts';

/**
 * Balance lists in any rolling minute, by the whole console: the Balances screen and the quote
 * form's From balance ask now and then, a runaway or compromised renderer asks without end, and
 * each ask is a signed request and a parse, as for lookups (docs/security.md, "Bounded answers").
 */
export const BALANCE_LISTS_PER_MINUTE = 60;

/**
 * The active profile's balances (docs/service-interface.md, "accounts/list"), fetched afresh each
 * time and stamped with when. A read that changes nothing at the service: no journal entry, and
 * nothing cached, so a Refresh always shows the service's own figures.
 */
export function balanceHandlers(deps: ServiceDeps): Pick<Handlers, 'accounts.list'> {
  const lists = createCallLimit({
    limit: BALANCE_LISTS_PER_MINUTE,
    now: deps.now,
    // In the window's language, read when the limit is hit (the person may have changed it since).
    words: (seconds) => deps.locale.say('main.balances.limit', { limit: BALANCE_LISTS_PER_MINUTE, seconds }),
  });
  return {
    'accounts.list': async () => {
      lists.take();
      const { client } = await deps.connection.active();
      const { balances, unreadable } = await client.listBalances();
      return { balances, unreadable, fetchedAt: isoAt(deps.now) };
    },
  };
}
