import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { JOURNAL_KEY } from './useJournal.ts';

/**
 * Every submission (an invoice, an exchange) is a mutation, and main journals each one: when any
 * mutation settles, with an answer or without, the journal has changed, so History and the
 * attention banner read it again. Watching the mutation cache keeps the screens that submit free of
 * any knowledge of the journal. (A profile switch resets every query already: useSelectProfile.)
 */
export function useJournalFreshness(): void {
  const client = useQueryClient();
  useEffect(
    () =>
      client.getMutationCache().subscribe((event) => {
        if (event.type !== 'updated') return;
        if (event.action.type !== 'success' && event.action.type !== 'error') return;
        void client.invalidateQueries({ queryKey: JOURNAL_KEY });
      }),
    [client],
  );
}
