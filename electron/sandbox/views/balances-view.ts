import type { Balance } from '../model/balances.ts';

/** The balances as accounts/list answers them (docs/service-interface.md, "accounts/list"): decimal strings. */
export function balancesView(balances: readonly Balance[]) {
  return { data: balances.map(({ currency, type, balance }) => ({ currency, type, balance })) };
}
