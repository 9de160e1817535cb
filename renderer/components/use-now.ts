import { useEffect, useState } from 'react';

/** The current time (epoch ms), re-read every `everyMs`: drives countdowns without drifting. */
export function useNow(everyMs = 250): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** Whole seconds left until `untilMs`, never negative. */
export function secondsLeft(untilMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((untilMs - nowMs) / 1000));
}

/** 75 -> "1:15"; 9 -> "0:09". */
export function formatSeconds(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * True from `untilMs` (epoch ms) on: one timer set for that moment, so a component that only needs
 * to know "released yet?" does not redraw four times a second (the Countdown beside it does that).
 */
export function useReached(untilMs: number): boolean {
  // The deadline last seen to pass: a new deadline is not reached until its own timer fires.
  const [reachedAt, setReachedAt] = useState<number | null>(() => (Date.now() >= untilMs ? untilMs : null));
  useEffect(() => {
    const timer = setTimeout(() => setReachedAt(untilMs), Math.max(0, untilMs - Date.now()));
    return () => clearTimeout(timer);
  }, [untilMs]);
  return reachedAt === untilMs;
}
