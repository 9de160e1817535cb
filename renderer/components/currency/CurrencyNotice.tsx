import { FormattedMessage } from 'react-intl';
import { DateTime } from '../DateTime.tsx';
import type { CurrencyNotice as Notice } from './currency-source.ts';
import './currency-field.css';

type Props = { notice: Notice | null; retry: () => void; retrying: boolean };

/** What the invoice and quote forms say when their currency list is stale, incomplete or missing. */
export function CurrencyNotice({ notice, retry, retrying }: Props) {
  if (!notice) return null;
  const again = (
    <button type="button" className="button button-small" onClick={retry} disabled={retrying}>
      <FormattedMessage id={retrying ? 'components.currencyNotice.trying' : 'common.retry'} />
    </button>
  );
  if (notice.kind === 'stale') {
    return (
      <div className="currency-notice" data-testid="currency-notice">
        <p>
          <FormattedMessage id="components.currencyNotice.stale" values={{ error: notice.error.message, at: <DateTime value={notice.fetchedAt} /> }} />
        </p>
        {again}
      </div>
    );
  }
  if (notice.kind === 'incomplete') {
    return (
      <div className="currency-notice" data-testid="currency-notice">
        <p>
          <FormattedMessage id="components.currencyNotice.incomplete" values={{ count: notice.setAside }} />
        </p>
      </div>
    );
  }
  return (
    <div className="currency-notice" role="alert" data-testid="currency-notice">
      <p>
        <FormattedMessage id="components.currencyNotice.missing" values={{ error: notice.error.message }} />
      </p>
      {again}
    </div>
  );
}
