import { useNow } from '../../components/use-now.ts';

/**
 * The screens' clock for a submission sent whose desktop recorded no answer
 * (shared/submission/silent-pending.ts): its minutes of silence go on counting between main's
 * answers, and the detail offers the resolution once it has been silent long enough.
 */

/** How often the minutes are counted again: a count is never more than this late. */
const SILENCE_TICK_MS = 15_000;

/** Now (epoch ms), re-read every SILENCE_TICK_MS. */
export const useSilenceClock = (): number => useNow(SILENCE_TICK_MS);
