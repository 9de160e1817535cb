import { useQuery } from '@tanstack/react-query';
import type { ProfileView } from '../../../shared/ipc/profile.ts';
import { invoke } from '../../bridge.ts';
import { useActiveProfile } from '../use-profiles.ts';

/** Asked again this often while a screen that shows it is open. */
const ASK_EVERY_MS = 10_000;

/** Per profile and its receiver URL: a receiver set on the Profiles screen is asked about at once. */
export const outcomeSourceKey = (profile: Pick<ProfileView, 'id' | 'receiverUrl'> | null) => ['outcomes', 'source', profile?.id ?? null, profile?.receiverUrl ?? null] as const;

/**
 * Whether the active profile's outcomes can be read (its receiver, none, or one that could not be
 * read), for screens that show no outcomes of their own: outcomes.forEntries of no entries.
 */
export function useOutcomeSource() {
  const profile = useActiveProfile();
  const query = useQuery({
    queryKey: outcomeSourceKey(profile),
    queryFn: () => invoke('outcomes.forEntries', { ids: [] }),
    refetchInterval: ASK_EVERY_MS,
  });
  return query.data?.source ?? null;
}
