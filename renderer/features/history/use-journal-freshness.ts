import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { JOURNAL_KEY } from './use-journal.ts';

/**
 * Every submission (an invoice, an exchange) and every resolve is a mutation that main journals:
 * when one settles, with an answer or without, the journal has changed, so History and the
 * attention banner read it again. Those mutations say so with `meta: { journal: true }`; the rest
 * (opening a page, testing a profile, exports) leave the journal alone and cost no reload.
 * (A profile switch resets every query already: useSelectProfile.)
 */
export function useJournalFreshness(): void {
  const client = useQueryClient();
  useEffect(
    () =>
      client.getMutationCache().subscribe((event) => {
        if (event.type !== 'updated') return;
        if (event.action.type !== 'success' && event.action.type !== 'error') return;
        if (event.mutation.meta?.journal !== true) return;
        void client.invalidateQueries({ queryKey: JOURNAL_KEY });
      }),
    [client],
  );
}
