import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '../../../shared/ipc/contract.ts';
import { invoke } from '../../bridge.ts';

/**
 * The pair list (spec 4.3), one cache for every screen that reads it (pairs, the invoice and quote
 * forms' currencies). Main keeps it per profile until a refresh, so moving away and back shows the
 * same list, and only Refresh asks the service again, for all of them. When a fetch fails, main
 * answers the last good list marked stale (`staleBecause`) rather than an error, so the forms keep their currencies.
 * A profile switch drops it with every other query (useSelectProfile). This file imports nothing
 * of the table, so the forms do not pull the Pairs screen's chunk in.
 */

export const PAIRS_KEY = ['pairs'] as const;

export type PairList = ResponseOf<'pairs.list'>;

export function usePairs<T = PairList>(select?: (list: PairList) => T) {
  return useQuery({ queryKey: PAIRS_KEY, queryFn: () => invoke('pairs.list', {}), staleTime: Infinity, ...(select ? { select } : {}) });
}

/** Asks main to skip its cache and fetch again; the answer replaces the list on screen. */
export function useRefreshPairs() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => invoke('pairs.list', { refresh: true }),
    onSuccess: (list: PairList) => client.setQueryData(PAIRS_KEY, list),
  });
}
