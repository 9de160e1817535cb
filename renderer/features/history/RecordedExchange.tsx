import type { JournalEntry } from '../../../shared/ipc/journal.ts';
import { CopyButton } from '../../components/CopyButton.tsx';

/**
 * What went out and what came back. The request is shown as the journal kept it, which is as it was
 * sent less personal data; the answer is the service's body byte for byte, never reformatted, as
 * support staff quote it.
 */
export function RecordedExchange({ entry }: { entry: JournalEntry }) {
  const request = JSON.stringify(entry.request, null, 2);
  return (
    <div className="history-recorded">
      <section aria-labelledby="history-request-title">
        <div className="history-recorded-head">
          <h3 id="history-request-title">Request as sent</h3>
          <CopyButton value={request} what="request" />
        </div>
        <p className="muted">Less personal data: sender data and e-mail addresses are never recorded.</p>
        <pre className="mono history-pre" tabIndex={0} data-testid="detail-request">
          {request}
        </pre>
      </section>
      <section aria-labelledby="history-response-title">
        <div className="history-recorded-head">
          <h3 id="history-response-title">Service&apos;s answer</h3>
          {entry.response !== null && <CopyButton value={entry.response} what="answer" />}
        </div>
        <p className="muted">As received{entry.httpStatus !== null ? ` with HTTP ${entry.httpStatus}` : ''}.</p>
        {entry.detail === 'cut' && (
          <p className="muted" data-testid="detail-cut">
            The journal holds more than is shown here: the request or the answer was cut when it was read (a request cut so is not shown).
          </p>
        )}
        {entry.response === null ? (
          <p data-testid="detail-response">No answer was received.</p>
        ) : (
          <pre className="mono history-pre" tabIndex={0} data-testid="detail-response">
            {entry.response}
          </pre>
        )}
      </section>
    </div>
  );
}
