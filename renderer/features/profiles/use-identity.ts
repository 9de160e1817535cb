import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IdentityView } from '../../../shared/ipc/identity.ts';
import { invoke } from '../../bridge.ts';

/** Who this desktop's journal entries name: the display name, set once, and the computer. */

export const IDENTITY_KEY = ['identity'] as const;

export function useIdentity() {
  return useQuery({ queryKey: IDENTITY_KEY, queryFn: () => invoke('identity.get', {}) });
}

export function useSetDisplayName() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (displayName: string) => invoke('identity.set', { displayName }),
    onSuccess: (identity: IdentityView) => client.setQueryData(IDENTITY_KEY, identity),
  });
}
