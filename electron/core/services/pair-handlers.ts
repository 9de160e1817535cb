import type { Pair } from '../../../shared/api/pair.ts';
import type { Handlers } from '../router/router.ts';
import { isoAt } from './deps.ts';
import type { ServiceDeps } from './deps.ts';

export type PairCache = { forget(profileId: string): void };

/**
 * Pairs are a reference list (spec 2.5): kept in memory per profile and filter until the screen
 * asks for a refresh, so browsing them costs no requests.
 */
export function pairHandlers(deps: ServiceDeps): Pick<Handlers, 'pairs.list'> & { cache: PairCache } {
  const cache = new Map<string, { pairs: Pair[]; fetchedAt: string }>();
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
      if (cached && !refresh) return cached;
      const entry = { pairs: await client.listPairs(filter), fetchedAt: isoAt(deps.now) };
      cache.set(key, entry);
      return entry;
    },
  };
}
