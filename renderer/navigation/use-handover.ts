import { useEffect, useEffectEvent } from 'react';
import { useNavigation } from './screens.ts';

type Navigation = ReturnType<typeof useNavigation.getState>;

/**
 * Runs `run` with what another screen handed over (useNavigation's pending lookup or invoice) on
 * arrival, and again whenever another is handed over while the screen is open (which does not
 * remount it). `take` clears it as it reads it, so a second mount (React's StrictMode runs effects
 * twice in development) or a later visit does not run it again.
 */
export function useHandover<T>(pending: (state: Navigation) => T | null, take: (state: Navigation) => T | null, run: (value: T) => void): void {
  const waiting = useNavigation(pending);
  const onHanded = useEffectEvent(run);
  const takeNow = useEffectEvent(() => take(useNavigation.getState()));
  useEffect(() => {
    if (waiting === null) return;
    const value = takeNow();
    if (value !== null) onHanded(value);
  }, [waiting]);
}
