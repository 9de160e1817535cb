import { FormattedMessage, useIntl } from 'react-intl';
import { Countdown } from '../../components/Countdown.tsx';
import { DateTime } from '../../components/DateTime.tsx';

/**
 * The budget is spent (the app's own 30 a minute, or the service's pause after a 429: spec 8):
 * when the next quote is possible, counting down, and the promise that the screen asks by itself.
 */
export function RateLimitNotice({ retryAt, visible }: { retryAt: number; visible: boolean }) {
  const intl = useIntl();
  return (
    <div className="panel quote-wait" data-testid="quote-wait">
      <h2>
        <FormattedMessage id="quotes.wait.title" />
      </h2>
      <p>
        <FormattedMessage
          id="quotes.wait.text"
          values={{
            at: <DateTime value={retryAt} />,
            countdown: (
              <Countdown
                untilMs={retryAt}
                label={intl.formatMessage({ id: 'quotes.wait.countdown' })}
                expired={intl.formatMessage({ id: 'quotes.wait.expired' })}
              />
            ),
          }}
        />
      </p>
      <p className="muted">
        <FormattedMessage id={visible ? 'quotes.wait.visible' : 'quotes.wait.hidden'} />
      </p>
    </div>
  );
}
