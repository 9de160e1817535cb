import { useState, useSyncExternalStore } from 'react';

/**
 * A press of the pointer moves the focus, and leaving a field shows its error, which pushes down
 * whatever is below it: the checkbox being clicked would move away between press and release, and
 * the click would land on something else. So what a press sets off is held back until the click is
 * over: a value passed through `useHeldWhilePressed` stays as it was when a pointer button went
 * down, and changes once it is up again.
 */

let pressed = false;
/** Counts presses, so that the release of an earlier one does not end a newer one. */
let presses = 0;
const listeners = new Set<() => void>();

function setPressed(next: boolean) {
  if (pressed === next) return;
  pressed = next;
  for (const listener of listeners) listener();
}

function press() {
  presses += 1;
  setPressed(true);
}

/** The click follows the release in the same task, so letting go a task later lets it land first. */
function releaseAfterClick() {
  const press = presses;
  setTimeout(() => {
    if (press === presses) setPressed(false);
  }, 0);
}

/** The release may never come to the page (a context menu, the window left): then let go at once. */
function releaseNow() {
  setPressed(false);
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    // Capture, so that a press is seen before the focus moves, even on a control that stops it.
    document.addEventListener('pointerdown', press, true);
    document.addEventListener('pointerup', releaseAfterClick, true);
    document.addEventListener('pointercancel', releaseAfterClick, true);
    document.addEventListener('contextmenu', releaseNow, true);
    window.addEventListener('blur', releaseNow);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    document.removeEventListener('pointerdown', press, true);
    document.removeEventListener('pointerup', releaseAfterClick, true);
    document.removeEventListener('pointercancel', releaseAfterClick, true);
    document.removeEventListener('contextmenu', releaseNow, true);
    window.removeEventListener('blur', releaseNow);
    pressed = false;
  };
}

/** `value`, except while a pointer button is down: then the value it had when the button went down. */
export function useHeldWhilePressed<T>(value: T): T {
  const isPressed = useSyncExternalStore(subscribe, () => pressed, () => false);
  const [held, setHeld] = useState(value);
  // Kept up to date on every render without a press (React's way of state that follows a prop).
  if (!isPressed && !Object.is(held, value)) setHeld(value);
  return isPressed ? held : value;
}
