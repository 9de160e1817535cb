import { useQuery } from '@tanstack/react-query';
import type { EntryOutcome, OutcomeSource } from '../../../shared/ipc/index.ts';
import { invoke } from '../../bridge.ts';

/** While History is open, what became of its entries is asked again this often: a callback shows within seconds. */
const ASK_EVERY_MS = 2_000;

export type Outcomes = { byEntry: ReadonlyMap<number, EntryOutcome>; source: OutcomeSource | null };

/** The outcomes the service reported (by callback, through the profile's receiver) for these entries. */
export function useOutcomes(ids: readonly number[]): Outcomes {
  const asked = ids.slice(0, 200);
  const query = useQuery({
    queryKey: ['outcomes', asked],
    queryFn: () => invoke('outcomes.forEntries', { ids: asked }),
    enabled: asked.length > 0,
    refetchInterval: ASK_EVERY_MS,
  });
  return {
    byEntry: new Map(query.data?.outcomes.map(({ entryId, outcome }) => [entryId, outcome])),
    source: query.data?.source ?? null,
  };
}
