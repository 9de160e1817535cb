import type { TransactionLookupRequest } from '../../../shared/api/transaction.ts';
import { useNavigation } from '../../navigation/screens.ts';
import { useHandover } from '../../navigation/use-handover.ts';

/**
 * Other screens send people here with a query (an exchange order's id, a journal entry):
 * openLookup stores it and opens this screen. The lookup takes it exactly once, so a second mount
 * (React's StrictMode runs effects twice in development) or a later visit does not run it again.
 */
export function takePendingLookup(): TransactionLookupRequest | null {
  return useNavigation.getState().takeLookup();
}

/**
 * Runs `run` with a pending lookup on arrival, and again whenever another one is asked for while
 * the screen is open (openLookup on the open screen does not remount it).
 */
export function usePendingLookup(run: (query: TransactionLookupRequest) => void): void {
  useHandover((state) => state.pendingLookup, takePendingLookup, run);
}
