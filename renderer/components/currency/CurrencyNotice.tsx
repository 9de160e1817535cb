import { DateTime } from '../DateTime.tsx';
import { countOf } from '../set-aside.ts';
import type { CurrencyNotice as Notice } from './currency-source.ts';
import './currency-field.css';

type Props = { notice: Notice | null; retry: () => void; retrying: boolean };

/** What the invoice and quote forms say when their currency list is stale, incomplete or missing. */
export function CurrencyNotice({ notice, retry, retrying }: Props) {
  if (!notice) return null;
  const again = (
    <button type="button" className="button button-small" onClick={retry} disabled={retrying}>
      {retrying ? 'Trying…' : 'Try again'}
    </button>
  );
  if (notice.kind === 'stale') {
    return (
      <div className="currency-notice" data-testid="currency-notice">
        <p>
          The currency list could not be refreshed: {notice.error.message} The list fetched <DateTime value={notice.fetchedAt} />{' '}
          is used; a currency code not in it can be typed.
        </p>
        {again}
      </div>
    );
  }
  if (notice.kind === 'incomplete') {
    return (
      <div className="currency-notice" data-testid="currency-notice">
        <p>
          {countOf(notice.setAside, { one: 'currency pair', many: 'currency pairs' })} could not be read and{' '}
          {notice.setAside === 1 ? 'was' : 'were'} set aside (see Pairs). If a currency is not suggested, type its code.
        </p>
      </div>
    );
  }
  return (
    <div className="currency-notice" role="alert" data-testid="currency-notice">
      <p>
        The currency list could not be loaded: {notice.error.message} Type the currency codes, such as EUR or BTC.
      </p>
      {again}
    </div>
  );
}
