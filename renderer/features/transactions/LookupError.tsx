import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../../shared/i18n/index.ts';
import type { AppError } from '../../bridge.ts';
import type { TransactionLookupRequest } from '../../../shared/api/transaction.ts';
import { CopyableText } from '../../components/CopyableText.tsx';
import { describeLookup } from './lookup-by-words.ts';

/**
 * Why a lookup failed, in plain words. Not found has three usual causes the service cannot tell
 * apart (spec 4.1): a mistyped value, a deposit looked up by foreign id, and a transaction of
 * another merchant (each key reads only its own transactions). A service that predates lookup by
 * hash refuses the parameter itself ('unsupported'): the back office is then the way.
 */

function NotFoundCause({ query }: { query: TransactionLookupRequest }) {
  const id: MessageId = query.foreign_id !== undefined ? 'transactions.notFound.foreignId' : query.txid !== undefined ? 'transactions.notFound.txid' : 'transactions.notFound.id';
  return (
    <li>
      <FormattedMessage id={id} />
    </li>
  );
}

function NotFound({ query, error }: { query: TransactionLookupRequest; error: AppError }) {
  const intl = useIntl();
  return (
    <div className="state state-error lookup-error" role="alert" data-testid="lookup-not-found">
      <p>
        <strong>
          <FormattedMessage id="transactions.notFound.title" values={{ what: describeLookup(intl, query) }} />
        </strong>
      </p>
      <ul>
        <li>
          <FormattedMessage id="transactions.notFound.typo" />
        </li>
        <NotFoundCause query={query} />
        <li>
          <FormattedMessage id="transactions.notFound.otherMerchant" />
        </li>
      </ul>
      <p className="muted">
        <FormattedMessage id="transactions.error.details" values={{ message: error.message }} />
      </p>
    </div>
  );
}

const HEADLINES: Partial<Record<AppError['kind'], MessageId>> = {
  network: 'transactions.error.network',
  timeout: 'transactions.error.timeout',
  service: 'transactions.error.service',
  authentication: 'transactions.error.authentication',
  rate_limited: 'transactions.error.rateLimited',
  unexpected_response: 'transactions.error.unexpectedResponse',
  configuration: 'transactions.error.configuration',
  validation: 'transactions.error.validation',
  invalid_request: 'transactions.error.invalidRequest',
};

/** Asking again will not help: no Try again, only the hash to take to the back office. */
function Unsupported({ query }: { query: TransactionLookupRequest }) {
  const intl = useIntl();
  return (
    <div className="state state-error lookup-error" role="alert" data-testid="lookup-unsupported">
      <p>
        <strong>
          <FormattedMessage id="transactions.unsupported.title" />
        </strong>
      </p>
      <p>
        <FormattedMessage id="transactions.unsupported.body" />
      </p>
      {query.txid !== undefined && (
        <p>
          <CopyableText value={query.txid} what={intl.formatMessage({ id: 'transactions.unsupported.hashWhat' })} testId="unsupported-txid" />
        </p>
      )}
    </div>
  );
}

export function LookupError({ query, error, retry }: { query: TransactionLookupRequest; error: AppError; retry(): void }) {
  if (error.kind === 'not_found') return <NotFound query={query} error={error} />;
  if (error.kind === 'unsupported') return <Unsupported query={query} />;
  const headline = HEADLINES[error.kind] ?? 'transactions.error.other';
  return (
    <div className="state state-error lookup-error" role="alert" data-testid="lookup-error">
      <p>
        <strong>
          <FormattedMessage id={headline} />
        </strong>
      </p>
      <p>{error.message}</p>
      <button type="button" className="button" onClick={retry}>
        <FormattedMessage id="transactions.error.retry" />
      </button>
    </div>
  );
}
