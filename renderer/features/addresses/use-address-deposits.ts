import { useMutation, useQuery } from '@tanstack/react-query';
import { OUTCOMES_ASK_EVERY_MS } from '../../../shared/ipc/index.ts';
import { invoke } from '../../bridge.ts';


/** The query key of an address's deposits: by its journal entry, which main maps to the address's service id. */
export const addressDepositsKey = (journalId: number) => ['outcomes', 'address', journalId] as const;

/**
 * The deposits into the address, as the service reported them by callback (through the profile's
 * receiver): outcomes.forEntries for the address's journal entry, asked again while it is shown.
 */
export function useAddressDeposits(journalId: number) {
  return useQuery({
    queryKey: addressDepositsKey(journalId),
    queryFn: () => invoke('outcomes.forEntries', { ids: [journalId] }),
    // As often as History asks: a callback shows within a second of its arrival at the receiver.
    refetchInterval: OUTCOMES_ASK_EVERY_MS,
  });
}

/** Opens the Local sandbox's page for paying into the address (main opens only the page it recorded). */
export function useOpenSandboxPage() {
  return useMutation({ mutationFn: (url: string) => invoke('shell.openPaymentPage', { url }), retry: 0 });
}
