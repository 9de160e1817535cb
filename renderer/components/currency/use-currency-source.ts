import { appErrorOf } from '../../bridge.ts';
import { currencySource } from './currency-source.ts';
import { usePairs, useRefreshPairs } from './use-pairs.ts';

/**
 * The invoice and quote forms' currencies, from the one pairs list every screen shares, and a way
 * to try the service again: a refresh when a list is at hand (it stays in use if that fails too),
 * else a first load again.
 */
export function useCurrencySource() {
  const pairs = usePairs();
  const refresh = useRefreshPairs();
  const source = currencySource(pairs.data, pairs.isError ? appErrorOf(pairs.error) : null);
  const retry = () => (pairs.data ? refresh.mutate() : void pairs.refetch());
  return { pending: pairs.isPending, source, retry, retrying: refresh.isPending || pairs.isFetching };
}
