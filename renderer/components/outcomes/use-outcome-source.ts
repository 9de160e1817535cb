import { useQuery } from '@tanstack/react-query';
import { invoke } from '../../bridge.ts';

/** Asked again this often while a screen that shows it is open: a receiver set meanwhile shows soon. */
const ASK_EVERY_MS = 10_000;

/**
 * Whether the active profile's outcomes can be read (its receiver, none, or one that could not be
 * read), for screens that show no outcomes of their own: outcomes.forEntries of no entries.
 */
export function useOutcomeSource() {
  const query = useQuery({
    queryKey: ['outcomes', 'source'],
    queryFn: () => invoke('outcomes.forEntries', { ids: [] }),
    refetchInterval: ASK_EVERY_MS,
  });
  return query.data?.source ?? null;
}
