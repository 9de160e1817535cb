import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayoutImportRequest, WithdrawalDraftRequest, WithdrawalPolicyTerms } from '../../../shared/ipc/capabilities/withdrawals.ts';
import { invoke } from '../../bridge.ts';

/**
 * The withdrawals capability through main (docs/withdrawals.md). Nothing here is retried by itself
 * (retry 0): an approval may send money, and main asks the person in its own window each time.
 */

export const DRAFTS_KEY = ['withdrawals', 'drafts'] as const;

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

/** Asks main to check a send whose outcome is unknown with the service, by its foreign id: it never sends anything. */
export function useCheckWithdrawal() {
  const changed = useDraftsChanged();
  return useMutation({ mutationFn: (draftId: number) => invoke('withdrawals.check', { draftId }), retry: 0, onSettled: changed, meta: { journal: true } });
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

export function useImportBatch() {
  const changed = useDraftsChanged();
  return useMutation({ mutationFn: (request: PayoutImportRequest) => invoke('withdrawals.importBatch', request), retry: 0, onSuccess: changed });
}

const batchKey = (batchId: string) => ['withdrawals', 'batch', batchId] as const;

/** How often a batch is asked again while main sends its rows. */
const BATCH_REFRESH_MS = 2_000;

/**
 * A batch's rows and what became of each; asked again while it is shown, more often while this
 * desktop's main is sending them (another person's desktop may approve or send it meanwhile).
 */
export function useBatch(batchId: string | null) {
  return useQuery({
    queryKey: batchKey(batchId ?? ''),
    queryFn: () => invoke('withdrawals.batch', { batchId: batchId ?? '' }),
    enabled: batchId !== null,
    refetchInterval: (query) => (query.state.data?.batch.sending ? BATCH_REFRESH_MS : DRAFTS_REFRESH_MS),
  });
}

export function useApproveBatch() {
  const client = useQueryClient();
  const changed = useDraftsChanged();
  return useMutation({
    mutationFn: (batchId: string) => invoke('withdrawals.approveBatch', { batchId }),
    retry: 0,
    meta: { journal: true },
    onSuccess: (answer) => client.setQueryData(batchKey(answer.batch.batchId), answer),
    onSettled: changed,
  });
}

/**
 * Rejects every row of a batch still awaiting approval, with the one reason, one row after the
 * other through main's single rejection (a row decided meanwhile by someone else is refused by main,
 * and the rows after it are not asked).
 */
export function useRejectBatch() {
  const client = useQueryClient();
  const changed = useDraftsChanged();
  return useMutation({
    mutationFn: async (input: { batchId: string; draftIds: readonly number[]; reason: string }) => {
      for (const draftId of input.draftIds) await invoke('withdrawals.reject', { draftId, reason: input.reason });
    },
    retry: 0,
    onSettled: (_answer, _error, input) => {
      changed();
      void client.invalidateQueries({ queryKey: batchKey(input.batchId) });
    },
  });
}

const POLICIES_KEY = ['withdrawals', 'policies'] as const;

/** How often the policies are asked again while the screen is open: another person may decide on a proposal. */
const POLICIES_REFRESH_MS = 10_000;

/** The team journal's policy in force for the active profile's merchant account, and every proposal. */
export function usePolicies(enabled: boolean) {
  return useQuery({ queryKey: POLICIES_KEY, queryFn: () => invoke('withdrawals.policies', {}), enabled, refetchInterval: POLICIES_REFRESH_MS });
}

function usePoliciesChanged(): () => void {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: POLICIES_KEY });
}

export function useProposePolicy() {
  const changed = usePoliciesChanged();
  return useMutation({ mutationFn: (terms: WithdrawalPolicyTerms) => invoke('withdrawals.proposePolicy', terms), retry: 0, onSuccess: changed });
}

export function useDecidePolicy() {
  const changed = usePoliciesChanged();
  return useMutation({
    mutationFn: (input: { policyId: number; decision: 'approve' | 'reject'; reason?: string }) => invoke('withdrawals.decidePolicy', input),
    retry: 0,
    onSettled: changed,
  });
}
