import { useSyncExternalStore } from 'react';

/**
 * Whether the window is on screen (document visibility): a minimised or hidden window spends none
 * of the quote budget on quotes nobody sees.
 */
export function usePageVisible(): boolean {
  return useSyncExternalStore(subscribe, isVisible);
}

function subscribe(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

function isVisible(): boolean {
  return document.visibilityState === 'visible';
}
