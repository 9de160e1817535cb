import { FormattedMessage, useIntl } from 'react-intl';
import type { JournalEntry } from '../../../shared/ipc/journal.ts';
import { CopyButton } from '../../components/CopyButton.tsx';

/**
 * What went out and what came back. The request is shown as the journal kept it, which is as it was
 * sent less personal data; the answer is the service's body byte for byte, never reformatted, as
 * support staff quote it.
 */
export function RecordedExchange({ entry }: { entry: JournalEntry }) {
  const intl = useIntl();
  const request = JSON.stringify(entry.request, null, 2);
  return (
    <div className="history-recorded">
      <section aria-labelledby="history-request-title">
        <div className="history-recorded-head">
          <h3 id="history-request-title">
            <FormattedMessage id="history.recorded.request" />
          </h3>
          <CopyButton value={request} what={intl.formatMessage({ id: 'history.recorded.copyRequest' })} />
        </div>
        <p className="muted">
          <FormattedMessage id="history.recorded.lessPersonal" />
        </p>
        <pre className="mono history-pre" tabIndex={0} data-testid="detail-request">
          {request}
        </pre>
      </section>
      <section aria-labelledby="history-response-title">
        <div className="history-recorded-head">
          <h3 id="history-response-title">
            <FormattedMessage id="history.recorded.answer" />
          </h3>
          {entry.response !== null && <CopyButton value={entry.response} what={intl.formatMessage({ id: 'history.recorded.copyAnswer' })} />}
        </div>
        <p className="muted">
          {entry.httpStatus !== null ? (
            <FormattedMessage id="history.recorded.asReceivedHttp" values={{ status: String(entry.httpStatus) }} />
          ) : (
            <FormattedMessage id="history.recorded.asReceived" />
          )}
        </p>
        {entry.detail === 'cut' && (
          <p className="muted" data-testid="detail-cut">
            <FormattedMessage id="history.recorded.cut" />
          </p>
        )}
        {entry.response === null ? (
          <p data-testid="detail-response">
            <FormattedMessage id="history.recorded.noAnswer" />
          </p>
        ) : (
          <pre className="mono history-pre" tabIndex={0} data-testid="detail-response">
            {entry.response}
          </pre>
        )}
      </section>
    </div>
  );
}
