import { useMutation } from '@tanstack/react-query';
import type { AddressTakeRequest } from '../../../shared/api/address.ts';
import { invoke } from '../../bridge.ts';

/**
 * addresses/take through main, which journals it as a submission like an invoice. Never retried by
 * itself (retry 0): after an unknown outcome a person decides, and a resend reuses the same
 * foreign id so that the service refuses a second address under it.
 */
export function useTakeAddress() {
  return useMutation({
    mutationFn: async (request: AddressTakeRequest) => {
      const { address, journalId, sandboxPage } = await invoke('addresses.take', request);
      return { address, journalId, sandboxPage, receivedAt: Date.now() };
    },
    retry: 0,
    // Main journals it: History and the attention banner read the journal again (useJournalFreshness).
    meta: { journal: true },
  });
}
