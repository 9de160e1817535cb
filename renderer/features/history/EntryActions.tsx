import { FormattedMessage, useIntl } from 'react-intl';
import type { JournalEntry } from '../../../shared/ipc/journal.ts';
import { announce } from '../../components/announce.ts';
import { useNavigation } from '../../navigation/screens.ts';
import { FailureAlert } from '../../components/States.tsx';
import { canCreateLikeThis, canReportDispute, lookupQueryOf } from './entry-rules.ts';
import { useDisputePdf } from './use-journal.ts';

/** What can be done with an entry: see where it stands now, do it again, or document a dispute. */
export function EntryActions({ entry, onLeave }: { entry: JournalEntry; onLeave(): void }) {
  const intl = useIntl();
  const dispute = useDisputePdf();
  const lookup = lookupQueryOf(entry);
  const likeThis = canCreateLikeThis(entry);
  const report = canReportDispute(entry);
  if (!lookup && !likeThis && !report) return null;

  const saved = dispute.data;
  return (
    <div className="history-actions">
      <div className="row-actions">
        {lookup && (
          <button
            type="button"
            className="button"
            onClick={() => {
              onLeave();
              useNavigation.getState().openLookup(lookup);
            }}
          >
            <FormattedMessage id="history.actions.lookUp" />
          </button>
        )}
        {likeThis && (
          <button
            type="button"
            className="button"
            onClick={() => {
              // The fields New invoice does not fill in (navigation's NOT_RECORDED): History keeps no personal data.
              const like = entry.foreignId ?? intl.formatMessage({ id: 'history.actions.recordedInvoice' });
              announce(intl.formatMessage({ id: 'history.actions.likeThisFilled' }, { like }));
              onLeave();
              // New invoice fills its form from the recorded request (navigation hands it over).
              useNavigation.getState().openInvoiceLike(entry.request);
            }}
          >
            <FormattedMessage id="history.actions.likeThis" />
          </button>
        )}
        {report && (
          <button
            type="button"
            className="button"
            disabled={dispute.isPending}
            onClick={() =>
              dispute.mutate(entry, {
                onSuccess: ({ path }) => announce(intl.formatMessage({ id: path === null ? 'history.actions.disputeNotSaved' : 'history.actions.disputeSaved' })),
              })
            }
          >
            <FormattedMessage id={dispute.isPending ? 'history.actions.disputeWriting' : 'history.actions.dispute'} />
          </button>
        )}
      </div>
      {likeThis && (
        <p className="muted history-action-note">
          <FormattedMessage id="history.actions.likeThisNote" />
        </p>
      )}
      {saved && saved.path !== null && (
        <p className="history-saved" role="status" data-testid="dispute-saved">
          <FormattedMessage
            id="history.actions.disputeSavedTo"
            values={{ path: saved.path, mono: (chunks) => <span className="mono break">{chunks}</span> }}
          />
        </p>
      )}
      {saved && saved.path === null && (
        <p className="muted" role="status">
          <FormattedMessage id="history.actions.disputeCancelled" />
        </p>
      )}
      <FailureAlert error={dispute.error} />
    </div>
  );
}
