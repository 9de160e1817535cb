import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WithdrawalDraftRequest } from '../../../shared/ipc/capabilities/withdrawals.ts';
import { invoke } from '../../bridge.ts';

/**
 * The withdrawals capability through main (docs/withdrawals.md). Nothing here is retried by itself
 * (retry 0): an approval may send money, and main asks the person in its own window each time.
 */

const DRAFTS_KEY = ['withdrawals', 'drafts'] as const;

/** How often the drafts are asked again while the screen is open: another person may decide on one. */
const DRAFTS_REFRESH_MS = 5_000;

export function useDrafts() {
  return useQuery({ queryKey: DRAFTS_KEY, queryFn: () => invoke('withdrawals.list', {}), refetchInterval: DRAFTS_REFRESH_MS });
}

function useDraftsChanged(): () => void {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: DRAFTS_KEY });
}

export function useDraftWithdrawal() {
  const changed = useDraftsChanged();
  return useMutation({ mutationFn: (request: WithdrawalDraftRequest) => invoke('withdrawals.draft', request), retry: 0, onSuccess: changed });
}

export function useApproveWithdrawal() {
  const changed = useDraftsChanged();
  // A sent withdrawal is journalled: History and the balances read again (useJournalFreshness).
  return useMutation({ mutationFn: (draftId: number) => invoke('withdrawals.approve', { draftId }), retry: 0, onSettled: changed, meta: { journal: true } });
}

export function useRejectWithdrawal() {
  const changed = useDraftsChanged();
  return useMutation({ mutationFn: (input: { draftId: number; reason: string }) => invoke('withdrawals.reject', input), retry: 0, onSettled: changed });
}

const ALONE_KEY = ['withdrawals', 'alone'] as const;

/** Whether this profile's one person withdraws alone, and whether the profile has a team journal. */
export function useAlone() {
  return useQuery({ queryKey: ALONE_KEY, queryFn: () => invoke('withdrawals.alone', {}) });
}

export function useSetAlone() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (on: boolean) => invoke('withdrawals.setAlone', { on }), retry: 0, onSettled: () => void client.invalidateQueries({ queryKey: ALONE_KEY }) });
}
