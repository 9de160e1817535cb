import { useEffect, useEffectEvent } from 'react';
import type { LookupQuery } from '../../navigation/screens.ts';
import { useNavigation } from '../../navigation/screens.ts';

/**
 * Other screens send people here with a query (an exchange order's id, a journal entry):
 * openLookup stores it and opens this screen. The lookup takes it exactly once, so a second mount
 * (React's StrictMode runs effects twice in development) or a later visit does not run it again.
 */
export function takePendingLookup(): LookupQuery | null {
  return useNavigation.getState().takeLookup();
}

/**
 * Runs `run` with a pending lookup on arrival, and again whenever another one is asked for while
 * the screen is open (openLookup on the open screen does not remount it).
 */
export function usePendingLookup(run: (query: LookupQuery) => void): void {
  const pending = useNavigation((state) => state.pendingLookup);
  const onPending = useEffectEvent(run);
  useEffect(() => {
    if (pending === null) return;
    const query = takePendingLookup();
    if (query) onPending(query);
  }, [pending]);
}
