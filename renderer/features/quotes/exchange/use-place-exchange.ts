import { useMutation } from '@tanstack/react-query';
import type { RequestOf } from '../../../../shared/ipc/contract.ts';
import { invoke } from '../../../bridge.ts';
import { useBalancesMoved } from '../../../components/balances/use-balances.ts';

/**
 * exchange/fixed through main, at the quote main holds under the id. Never retried, here or anywhere (retry 0 even if the app's default
 * changes): a money-moving call is sent again only by a person who has seen the outcome, and then
 * as a new exchange with a new foreign id. Main refuses a foreign id it has already sent.
 */
export function usePlaceExchange() {
  const balancesMoved = useBalancesMoved();
  return useMutation({
    mutationFn: (placement: RequestOf<'exchange.place'>) => invoke('exchange.place', placement),
    retry: 0,
    // Main journals it: History and the attention banner read the journal again (useJournalFreshness).
    meta: { journal: true },
    // With an answer or without (an unknown outcome may have moved money), the balances are stale.
    onSettled: balancesMoved,
  });
}
