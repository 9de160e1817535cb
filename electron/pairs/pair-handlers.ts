import { isAppFailure } from '../../shared/ipc/errors.ts';
import type { PairList } from '../../shared/ipc/contract.ts';
import type { Handlers } from '../platform/router/index.ts';
import { isoAt } from '../platform/services/index.ts';
import type { ServiceDeps } from '../platform/services/index.ts';

export type PairCache = { forget(profileId: string): void };

/**
 * Pairs are a reference list (spec 2.5): kept in memory per profile and filter until the screen
 * asks for a refresh, so browsing them costs no requests.
 *
 * The invoice and quote forms take their currencies from this list, so a failed fetch must not
 * leave them with nothing: when the service cannot be asked, the last list it gave is
 * answered again, marked stale with the failure and still carrying its own fetch time. Only with
 * no list at all does the failure reach the screen as an error. While the list is stale, every ask
 * tries the service again, refresh or not.
 */
export function pairHandlers(deps: Pick<ServiceDeps, 'connection' | 'now'>): Pick<Handlers, 'pairs.list'> & { cache: PairCache } {
  const cache = new Map<string, PairList>();
  return {
    cache: {
      forget: (profileId) => {
        for (const key of cache.keys()) if (key.startsWith(`${profileId}\n`)) cache.delete(key);
      },
    },
    'pairs.list': async ({ refresh, ...filter }) => {
      const { profileId, client } = await deps.connection.active();
      const key = `${profileId}\n${filter.currency_from ?? ''}\n${filter.currency_to ?? ''}`;
      const cached = cache.get(key);
      if (cached && cached.staleBecause === null && !refresh) return cached;
      let entry: PairList;
      try {
        entry = { ...(await client.listPairs(filter)), fetchedAt: isoAt(deps.now), staleBecause: null };
      } catch (thrown) {
        if (!cached || !isAppFailure(thrown)) throw thrown;
        entry = { ...cached, staleBecause: thrown.error };
      }
      cache.set(key, entry);
      return entry;
    },
  };
}
