import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BalanceList } from '../../../shared/ipc/contract.ts';
import { invoke } from '../../bridge.ts';

/**
 * The merchant's balances (accounts/list, docs/service-interface.md), one cache for every screen
 * that reads them: the Balances screen and the quote form's From balance. Main fetches afresh on
 * every ask and stamps the answer with `fetchedAt`; the cache keeps it a minute, so moving between
 * screens does not ask the service each time, and the figures always say when they were fetched.
 * Refresh asks again at once. A profile switch drops it with every other query (useSelectProfile),
 * and a placed exchange marks it stale (useBalancesMoved), since it moved money.
 */

export const BALANCES_KEY = ['balances'] as const;

/** How long a fetched list is shown without asking again, when a screen opens. */
const BALANCES_FRESH_MS = 60_000;

export function useBalances<T = BalanceList>(select?: (list: BalanceList) => T) {
  return useQuery({
    queryKey: BALANCES_KEY,
    queryFn: () => invoke('accounts.list', {}),
    staleTime: BALANCES_FRESH_MS,
    ...(select ? { select } : {}),
  });
}

/** For what moves money (a placed exchange): the next screen to read the balances asks the service again. */
export function useBalancesMoved(): () => void {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: BALANCES_KEY });
}
