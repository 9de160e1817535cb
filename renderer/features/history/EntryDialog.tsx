import { FormattedMessage, useIntl } from 'react-intl';
import { FailureAlert, Loading } from '../../components/States.tsx';
import { useModalDialog } from '../../components/use-modal-dialog.ts';
import type { JournalEntry } from '../../../shared/ipc/journal.ts';
import { needsPersonCheck } from '../../../shared/submission/silent-pending.ts';
import { EntryActions } from './EntryActions.tsx';
import { EntryFacts } from './EntryFacts.tsx';
import { entryMessage } from './entry-message.ts';
import { OPERATION_WORDS } from './journal-words.ts';
import { OutcomeTimeline } from './OutcomeTimeline.tsx';
import { toldByCallbacksOf } from '../../components/outcomes/receiver-notice-words.ts';
import type { Outcomes } from './use-outcomes.ts';
import { RecordedExchange } from './RecordedExchange.tsx';
import { ResolvedBy } from './ResolvedBy.tsx';
import { useSilenceClock } from './silence.ts';
import { StateBadge } from './StateBadge.tsx';
import { UnknownHelp } from './UnknownHelp.tsx';
import { useJournalEntry } from './use-journal.ts';
import { WithdrawalStory } from './WithdrawalStory.tsx';

type Props = {
  /** The entry shown, or null when the detail is closed. */
  entry: JournalEntry | null;
  /** What the service reported became of History's entries; an invoice's or exchange's timeline shows here. */
  outcomes: Outcomes;
  onClose(): void;
  /** The entry changed here (resolved): the dialog shows the new version. */
  onChange(entry: JournalEntry): void;
};

/**
 * One entry in full, in a native modal <dialog> (as components/ConfirmDialog): focus stays inside,
 * Esc closes it, and focus goes back to the row's Details button.
 */
export function EntryDialog({ entry, outcomes, onClose, onChange }: Props) {
  const intl = useIntl();
  const ref = useModalDialog(entry !== null);
  // A pending entry's silence goes on counting while the detail is open: it may become resolvable.
  const now = useSilenceClock();
  // History's rows carry no request and no answer: the entry is read whole for what needs them.
  const whole = useJournalEntry(entry);

  return (
    <dialog
      ref={ref}
      className="dialog history-dialog"
      aria-labelledby="history-entry-title"
      data-testid="entry-detail"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {entry && (
        <>
          <div className="history-dialog-head">
            <h2 id="history-entry-title">
              <FormattedMessage
                id="history.dialog.title"
                values={{ operation: intl.formatMessage({ id: OPERATION_WORDS[entry.operation] }), name: entry.foreignId ?? entry.serviceId ?? `#${entry.id}` }}
              />
            </h2>
            <StateBadge state={entry.state} />
            <button type="button" className="button history-dialog-close" onClick={onClose} aria-keyshortcuts="Escape">
              <FormattedMessage id="history.dialog.close" />
            </button>
          </div>
          {entry.message !== null && (
            <p className={`history-message history-message-${entry.state}`} data-testid="detail-message">
              {entryMessage(intl, entry)}
            </p>
          )}
          <ResolvedBy entry={entry} />
          {/* An unknown outcome, or a submission whose desktop recorded no answer for too long (it may have stopped). */}
          {needsPersonCheck(entry, now) && <UnknownHelp key={`unknown-${entry.id}`} entry={entry} now={now} onResolved={onChange} />}
          {whole.entry && <EntryActions key={`actions-${entry.id}`} entry={whole.entry} onLeave={onClose} />}
          {entry.operation !== 'transactions.lookup' && entry.serviceId !== null && (
            <OutcomeTimeline outcome={outcomes.byEntry.get(entry.id)} source={outcomes.source} what={toldByCallbacksOf(entry.operation)} />
          )}
          {entry.operation === 'withdrawals.approve' && entry.foreignId !== null && (
            <WithdrawalStory key={`story-${entry.id}`} entry={{ ...entry, foreignId: entry.foreignId }} outcome={outcomes.byEntry.get(entry.id)} />
          )}
          <EntryFacts entry={entry} />
          {whole.entry ? <RecordedExchange entry={whole.entry} /> : whole.error ? <FailureAlert error={whole.error} /> : <Loading what={intl.formatMessage({ id: 'history.dialog.loadingRecorded' })} />}
        </>
      )}
    </dialog>
  );
}
