import { useQuery } from '@tanstack/react-query';
import { OUTCOMES_ASK_EVERY_MS } from '../../../shared/ipc/index.ts';
import type { EntryOutcome, OutcomeSource } from '../../../shared/ipc/index.ts';
import { invoke } from '../../bridge.ts';

/** The query of the outcomes of these entries (at most the first 200). */
export const outcomesKey = (ids: readonly number[]) => ['outcomes', ids.slice(0, 200)] as const;

export type Outcomes = { byEntry: ReadonlyMap<number, EntryOutcome>; source: OutcomeSource | null };

/** The outcomes the service reported (by callback, through the profile's receiver) for these entries. */
export function useOutcomes(ids: readonly number[]): Outcomes {
  const queryKey = outcomesKey(ids);
  const [, asked] = queryKey;
  const query = useQuery({
    queryKey,
    queryFn: () => invoke('outcomes.forEntries', { ids: asked }),
    enabled: asked.length > 0,
    // While History is open it asks again this often, so a callback shows within a second of its arrival.
    refetchInterval: OUTCOMES_ASK_EVERY_MS,
  });
  return {
    byEntry: new Map(query.data?.outcomes.map(({ entryId, outcome }) => [entryId, outcome])),
    source: query.data?.source ?? null,
  };
}
