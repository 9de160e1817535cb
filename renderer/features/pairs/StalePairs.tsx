import { FormattedMessage } from 'react-intl';
import { DateTime } from '../../components/DateTime.tsx';
import type { AppError } from '../../bridge.ts';

type Props = { error: AppError; fetchedAt: string; retry: () => void; retrying: boolean };

/** The latest fetch failed: why, and that the list below (and in the forms) is the last good one, from when. */
export function StalePairs({ error, fetchedAt, retry, retrying }: Props) {
  return (
    <div className="state state-error pairs-stale" role="alert">
      <p>{error.message}</p>
      <p data-testid="pairs-stale">
        <FormattedMessage id="pairs.stale" values={{ time: <DateTime value={fetchedAt} /> }} />
      </p>
      <button type="button" className="button" onClick={retry} disabled={retrying}>
        <FormattedMessage id="common.retry" />
      </button>
    </div>
  );
}
