import { formatSeconds, secondsLeft, useNow } from './use-now.ts';

/**
 * "0:42 left" until `untilMs` (epoch ms), then `expired`. A timer element for assistive tech; it is
 * not a live region, because announcing every second would drown everything else out.
 */
export function Countdown({ untilMs, label, expired = 'expired' }: { untilMs: number; label: string; expired?: string }) {
  const left = secondsLeft(untilMs, useNow());
  return (
    <span role="timer" aria-label={label} className={left === 0 ? 'countdown countdown-over' : 'countdown'} data-seconds={left}>
      {left === 0 ? expired : `${formatSeconds(left)} left`}
    </span>
  );
}
