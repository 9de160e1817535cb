import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileList, ProfileSaveRequest, TeamJournalTestRequest } from '../../../shared/ipc/profile.ts';
import { invoke } from '../../bridge.ts';
import { PROFILES_KEY } from '../../components/use-profiles.ts';

/** The Profiles screen's changes to the list (save, remove, test); reading it is components/use-profiles.ts. */

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

export function useTestConnection() {
  return useMutation({ mutationFn: (id: string) => invoke('profiles.test', { id }) });
}

/** "Test connection" of a team journal, on the form's values before they are saved. */
export function useTestTeamJournal() {
  return useMutation({ mutationFn: (request: TeamJournalTestRequest) => invoke('profiles.testTeamJournal', request) });
}

/** Joining a team journal: this computer's history of the profile, copied there once. */
export function useUploadHistory() {
  return useMutation({ mutationFn: (id: string) => invoke('profiles.uploadHistory', { id }) });
}
