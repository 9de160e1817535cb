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
  if (query.foreign_id !== undefined) {
    return <li>A foreign id finds withdrawals and exchanges, not deposits. To find a deposit, look it up by its transaction id or its hash.</li>;
  }
  if (query.txid !== undefined) {
    return (
      <li>
        The hash is the one the chain gives the payment (a wallet or a block explorer shows it). A payment still being
        broadcast may not be known to the service yet.
      </li>
    );
  }
  return <li>The id is the service&apos;s own transaction id, not your foreign id.</li>;
}

function NotFound({ query, error }: { query: TransactionLookupRequest; error: AppError }) {
  return (
    <div className="state state-error lookup-error" role="alert" data-testid="lookup-not-found">
      <p>
        <strong>No transaction with {describeLookup(query)} was found for this profile.</strong>
      </p>
      <ul>
        <li>Check the value for a typing mistake.</li>
        <NotFoundCause query={query} />
        <li>
          The service shows a merchant only the transactions made with its own API key. A transaction of another
          account, or of another profile, is not found.
        </li>
      </ul>
      <p className="muted">Details: {error.message}</p>
    </div>
  );
}

const HEADLINES: Partial<Record<AppError['kind'], string>> = {
  network: 'The service could not be reached, so nothing was looked up.',
  timeout: 'The service took too long to answer, so nothing was looked up.',
  service: 'The service failed while looking this up.',
  authentication: 'The service refused this profile’s credentials.',
  rate_limited: 'The service is limiting requests for now.',
  unexpected_response: 'The service answered with something this console cannot read.',
  configuration: 'The console is not set up to reach the service.',
  validation: 'The service refused the lookup.',
  invalid_request: 'The lookup was refused before it was sent.',
};

/** Asking again will not help: no Try again, only the hash to take to the back office. */
function Unsupported({ query }: { query: TransactionLookupRequest }) {
  return (
    <div className="state state-error lookup-error" role="alert" data-testid="lookup-unsupported">
      <p>
        <strong>This service does not support lookup by hash; look it up in the back office.</strong>
      </p>
      <p>
        The service refused the hash as a way to look up, not the hash itself. Search for it in the service&apos;s back
        office, or look the transaction up here by its id if you have it.
      </p>
      {query.txid !== undefined && (
        <p>
          <CopyableText value={query.txid} what="hash" testId="unsupported-txid" />
        </p>
      )}
    </div>
  );
}

export function LookupError({ query, error, retry }: { query: TransactionLookupRequest; error: AppError; retry(): void }) {
  if (error.kind === 'not_found') return <NotFound query={query} error={error} />;
  if (error.kind === 'unsupported') return <Unsupported query={query} />;
  const headline = HEADLINES[error.kind] ?? 'The lookup failed.';
  return (
    <div className="state state-error lookup-error" role="alert" data-testid="lookup-error">
      <p>
        <strong>{headline}</strong>
      </p>
      <p>{error.message}</p>
      <button type="button" className="button" onClick={retry}>
        Try again
      </button>
    </div>
  );
}
