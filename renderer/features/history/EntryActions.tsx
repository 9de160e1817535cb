import type { JournalEntry } from '../../../shared/ipc/journal.ts';
import { announce } from '../../components/announce.ts';
import { NOT_RECORDED, useNavigation } from '../../navigation/screens.ts';
import { FailureAlert } from '../../components/States.tsx';
import { canCreateLikeThis, canReportDispute, lookupQueryOf } from './entry-rules.ts';
import { useDisputePdf } from './use-journal.ts';

/** What can be done with an entry: see where it stands now, do it again, or document a dispute. */
export function EntryActions({ entry, onLeave }: { entry: JournalEntry; onLeave(): void }) {
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
            Look up now
          </button>
        )}
        {likeThis && (
          <button
            type="button"
            className="button"
            onClick={() => {
              announce(`The invoice form is filled in like ${entry.foreignId ?? 'the recorded invoice'}, with a new foreign id. Enter the ${NOT_RECORDED.join(' and the ')} again.`);
              onLeave();
              // New invoice fills its form from the recorded request (navigation hands it over).
              useNavigation.getState().openInvoiceLike(entry.request);
            }}
          >
            New invoice like this
          </button>
        )}
        {report && (
          <button
            type="button"
            className="button"
            disabled={dispute.isPending}
            onClick={() =>
              dispute.mutate(entry, {
                onSuccess: ({ path }) => announce(path === null ? 'The dispute report was not saved' : 'Dispute report saved'),
              })
            }
          >
            {dispute.isPending ? 'Writing the report…' : 'Dispute report (PDF)'}
          </button>
        )}
      </div>
      {likeThis && (
        <p className="muted history-action-note">
          New invoice like this fills the form with this invoice&apos;s values and a new foreign id. History keeps no
          personal data, so the {NOT_RECORDED.join(' and the ')} are entered again.
        </p>
      )}
      {saved && saved.path !== null && (
        <p className="history-saved" role="status" data-testid="dispute-saved">
          Dispute report saved to <span className="mono break">{saved.path}</span>
        </p>
      )}
      {saved && saved.path === null && (
        <p className="muted" role="status">
          Not saved: the save was cancelled.
        </p>
      )}
      <FailureAlert error={dispute.error} />
    </div>
  );
}
