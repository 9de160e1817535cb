import { FormattedMessage } from 'react-intl';
import type { AppError } from '../../bridge.ts';
import { ErrorMessage } from '../../components/States.tsx';

type Unavailable = Extract<AppError, { kind: 'journal_unavailable' }>;

export const isJournalUnavailable = (error: AppError): error is Unavailable => error.kind === 'journal_unavailable';

type Props = { error: Unavailable; retry(): void; retrying: boolean };

/**
 * History when the profile's team journal cannot be reached: not an error of this screen
 * but an outage, said as a notice with main's reason (which server, why, what still works), and a
 * way to look again once it is back.
 */
export function JournalUnavailable({ error, retry, retrying }: Props) {
  return (
    <div className="notice journal-unavailable" role="status" data-testid="journal-unavailable">
      <p>
        <FormattedMessage id="history.unavailable.title" values={{ message: error.message, strong: (chunks) => <strong>{chunks}</strong> }} />
      </p>
      <p>
        <FormattedMessage id="history.unavailable.body" />
      </p>
      <button type="button" className="button button-small" onClick={retry} disabled={retrying}>
        <FormattedMessage id={retrying ? 'history.unavailable.trying' : 'history.unavailable.retry'} />
      </button>
    </div>
  );
}

/** History's journal could not be read: the outage notice for a team journal out of reach, else the error state. */
export function JournalFailure({ error, retry, retrying }: { error: AppError } & Omit<Props, 'error'>) {
  if (isJournalUnavailable(error)) return <JournalUnavailable error={error} retry={retry} retrying={retrying} />;
  return <ErrorMessage error={error} retry={retry} />;
}
