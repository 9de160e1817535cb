import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfileList, ProfileSaveRequest } from '../../shared/ipc/profile.ts';
import { invoke } from '../bridge.ts';

/** react-query hooks for the profiles channels; every call goes through the bridge. */

export const PROFILES_KEY = ['profiles'] as const;

export function useProfiles() {
  return useQuery({ queryKey: PROFILES_KEY, queryFn: () => invoke('profiles.list', {}) });
}

/** The active profile's view, or null when none is selected. */
export function useActiveProfile() {
  const { data } = useProfiles();
  return data?.profiles.find((p) => p.id === data.activeId) ?? null;
}

export function useSaveProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: ProfileSaveRequest) => invoke('profiles.save', request),
    onSuccess: () => client.invalidateQueries({ queryKey: PROFILES_KEY }),
  });
}

export function useRemoveProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => invoke('profiles.remove', { id }),
    onSuccess: (list: ProfileList) => client.setQueryData(PROFILES_KEY, list),
  });
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

export function useTestConnection() {
  return useMutation({ mutationFn: (id: string) => invoke('profiles.test', { id }) });
}
