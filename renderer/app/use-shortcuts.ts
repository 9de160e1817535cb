import { useEffect } from 'react';
import { SCREENS, useNavigation } from '../navigation/screens.ts';

/**
 * Alt+1..9 (and Ctrl+1..9, which Electron leaves free as it has no tabs) open the screens in
 * sidebar order. `code` is used so that keyboard layouts with shifted digits still work.
 */
export function useShortcuts(): void {
  const go = useNavigation((s) => s.go);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const modifier = (event.altKey && !event.ctrlKey) || (event.ctrlKey && !event.altKey);
      if (!modifier || event.shiftKey || event.metaKey) return;
      const match = /^(?:Digit|Numpad)([1-9])$/.exec(event.code);
      const screen = match ? SCREENS[Number(match[1]) - 1] : undefined;
      if (!screen) return;
      event.preventDefault();
      go(screen.id);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go]);
}
