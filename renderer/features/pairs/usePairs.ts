import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '../../../shared/ipc/contract.ts';
import { invoke } from '../../bridge.ts';

/**
 * The pair list (spec 4.3). Main keeps it per profile until a refresh, so the screen treats it as
 * never stale: moving away and back shows the same list, and only Refresh asks the service again.
 * A profile switch drops it with every other query (useSelectProfile).
 */

export const PAIRS_KEY = ['pairs'] as const;

export type PairList = ResponseOf<'pairs.list'>;

export function usePairs() {
  return useQuery({ queryKey: PAIRS_KEY, queryFn: () => invoke('pairs.list', {}), staleTime: Infinity });
}

/** Asks main to skip its cache and fetch again; the answer replaces the list on screen. */
export function useRefreshPairs() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => invoke('pairs.list', { refresh: true }),
    onSuccess: (list: PairList) => client.setQueryData(PAIRS_KEY, list),
  });
}
