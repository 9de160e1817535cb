import { Countdown } from '../../components/Countdown.tsx';
import { DateTime } from '../../components/DateTime.tsx';

/**
 * The budget is spent (the app's own 30 a minute, or the service's pause after a 429: spec 8):
 * when the next quote is possible, counting down, and the promise that the screen asks by itself.
 */
export function RateLimitNotice({ retryAt, visible }: { retryAt: number; visible: boolean }) {
  return (
    <div className="panel quote-wait" data-testid="quote-wait">
      <h2>Quotes are paused for a moment</h2>
      <p>
        The service allows 30 quotes a minute, and after more it answers nothing for a minute, so the console waits. The
        next quote is possible at <DateTime value={retryAt} />:{' '}
        <Countdown untilMs={retryAt} label="Time until the next quote is possible" expired="now" />.
      </p>
      <p className="muted">
        {visible ? 'This screen asks for it by itself then.' : 'This screen asks for it by itself when the window is shown again.'}
      </p>
    </div>
  );
}
