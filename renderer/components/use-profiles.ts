import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfileList } from '../../shared/ipc/profile.ts';
import { invoke } from '../bridge.ts';

/**
 * The profiles list and the active profile, which the header, the profile switcher and several
 * screens read; every call goes through the bridge. Editing profiles is the Profiles screen's own
 * (features/profiles/use-profile-changes.ts).
 */

export const PROFILES_KEY = ['profiles'] as const;

export function useProfiles() {
  return useQuery({ queryKey: PROFILES_KEY, queryFn: () => invoke('profiles.list', {}) });
}

/** The active profile's view, or null when none is selected. */
export function useActiveProfile() {
  const { data } = useProfiles();
  return data?.profiles.find((p) => p.id === data.activeId) ?? null;
}

export function useSelectProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => invoke('profiles.select', { id }),
    onSuccess: async (list: ProfileList) => {
      client.setQueryData(PROFILES_KEY, list);
      // Everything else was fetched with the previous profile's service: drop it.
      await client.resetQueries({ predicate: (q) => q.queryKey[0] !== PROFILES_KEY[0] });
    },
  });
}
