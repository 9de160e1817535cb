import type { StoreApi } from 'zustand';

/**
 * Screen state that belongs to the profile it was made on: a created invoice and its payment URL, a
 * taken deposit address, a half-typed form, a search. Shown under another profile it would be
 * offered for an account it does not belong to (a sandbox invoice's payment URL under a LIVE header),
 * so it is never carried over: each store of such state declares itself here where it is created, and
 * choosing another profile puts every one back as it started (app/use-profile-bound-screen.ts). State
 * held inside a screen's components goes with them, as the screen is mounted afresh.
 */

const resets = new Set<() => void>();

/** Declares a zustand store's whole state as the active profile's: forgotten when another is chosen. */
export function profileBound<T extends Pick<StoreApi<unknown>, 'setState' | 'getInitialState'>>(store: T): T {
  resets.add(() => store.setState(store.getInitialState(), true));
  return store;
}

/** Puts every profile-bound store back as it started. */
export function forgetProfileBound(): void {
  for (const reset of resets) reset();
}
