import { FormattedMessage } from 'react-intl';
import { formatSeconds, secondsLeft, useNow } from './use-now.ts';

type Props = {
  untilMs: number;
  label: string;
  /** The end's own words ("released"); "expired" in the window's language by default. */
  expired?: string;
  /** From this many seconds left the countdown is urgent: its words say so ("only 0:07 left") as well as its look. */
  urgentWithin?: number;
};

/**
 * "0:42 left" until `untilMs` (epoch ms), then `expired`. A timer element for assistive tech; it is
 * not a live region, because announcing every second would drown everything else out. Where the
 * time is a deadline to act by (a quote's rate), its last seconds are urgent: "only" in the words,
 * a mark and a frame, not colour alone.
 */
export function Countdown({ untilMs, label, expired, urgentWithin }: Props) {
  const left = secondsLeft(untilMs, useNow());
  const urgent = urgentWithin !== undefined && left > 0 && left <= urgentWithin;
  const className = left === 0 ? 'countdown countdown-over' : urgent ? 'countdown countdown-urgent' : 'countdown';
  return (
    <span role="timer" aria-label={label} className={className} data-seconds={left} data-urgent={urgent || undefined}>
      {left === 0 ? (expired ?? <FormattedMessage id="components.countdown.expired" />) : <FormattedMessage id={urgent ? 'components.countdown.urgent' : 'components.countdown.left'} values={{ time: formatSeconds(left) }} />}
    </span>
  );
}
