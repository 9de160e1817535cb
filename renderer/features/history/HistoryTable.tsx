import type { EntryOutcome } from '../../../shared/ipc/index.ts';
import type { JournalEntry } from '../../../shared/ipc/journal.ts';
import { Amount } from '../../components/Amount.tsx';
import { DateTime } from '../../components/DateTime.tsx';
import { STATE_WORDS } from './journal-words.ts';
import { madeByWords } from './person-words.ts';
import { reportedTitle, rowOutcome, WHAT_WORDS } from './row-outcome.ts';

type Props = {
  entries: readonly JournalEntry[];
  /** What the service reported became of them, by entry id (use-outcomes.ts). */
  outcomes: ReadonlyMap<number, EntryOutcome>;
  onOpen(entry: JournalEntry): void;
};

/**
 * The outcome in words (row-outcome.ts). `data-state` and `data-service-status` keep the journal's
 * codes, which the CSV has; the words' title says where they come from. Only an outcome the service
 * reported is `entry-outcome`, as in the detail's timeline.
 */
function OutcomeCell({ entry, outcome }: { entry: JournalEntry; outcome: EntryOutcome | undefined }) {
  const row = rowOutcome(entry, outcome);
  return (
    <span
      className={`journal-state journal-state-${row.tone}`}
      title={outcome !== undefined ? reportedTitle(outcome.current) : `In the journal: ${STATE_WORDS[entry.state].label}`}
      data-state={entry.state}
      data-service-status={entry.serviceStatus ?? ''}
      data-tone={row.tone}
      data-outcome={outcome?.current.status}
      data-origin={outcome?.current.origin}
      data-testid={row.reported ? 'entry-outcome' : 'entry-record'}
    >
      {row.words}
    </span>
  );
}

/**
 * The clerk's record, newest first, as main answers it: one row per invoice, exchange, deposit
 * address (and lookup, when the filter shows them), with what became of it in words. How the service
 * answered (HTTP status, time) is in the detail. What the entry is ("Invoice") is a button that opens
 * it (Tab, then Enter); a click anywhere else on the row does the same, unless it ended a text
 * selection (staff select ids to copy them). An empty cell is empty: no "none" to read past.
 */
export function HistoryTable({ entries, outcomes, onOpen }: Props) {
  return (
    <table className="table history-table">
      <caption className="visually-hidden">Journal entries, newest first</caption>
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">What</th>
          <th scope="col">Amount</th>
          <th scope="col">Reference</th>
          <th scope="col">Made by</th>
          <th scope="col">Outcome</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr
            key={entry.id}
            data-entry-id={entry.id}
            onClick={(event) => {
              if (event.target instanceof Element && event.target.closest('button')) return;
              if (window.getSelection()?.toString()) return;
              onOpen(entry);
            }}
          >
            <td className="history-when">
              <DateTime value={entry.createdAt} />
            </td>
            <td data-column="operation">
              <button
                type="button"
                className="history-open"
                onClick={() => onOpen(entry)}
                aria-haspopup="dialog"
                // The visible words first (the name a voice-control user speaks), then which entry it opens.
                aria-label={`${WHAT_WORDS[entry.operation]} ${entry.foreignId ?? entry.serviceId ?? `entry ${entry.id}`}: details`}
              >
                {WHAT_WORDS[entry.operation]}
              </button>
            </td>
            <td className="history-amount" data-column="amount">
              {entry.amount !== null && <Amount value={entry.amount} currency={entry.currency} />}
            </td>
            <td className="break">
              {entry.foreignId !== null && (
                <span className="mono history-id" data-column="foreign-id">
                  {entry.foreignId}
                </span>
              )}
              {entry.serviceId !== null && (
                <span className="history-line muted">
                  service id{' '}
                  <span className="mono history-id" data-column="service-id">
                    {entry.serviceId}
                  </span>
                </span>
              )}
              {(entry.title !== null || entry.endUserReference !== null) && (
                <span className="history-line" data-column="title">
                  {entry.title}
                  {entry.endUserReference !== null && (
                    <span className="history-reference muted">
                      {entry.title !== null && ' · '}
                      ref <span className="mono">{entry.endUserReference}</span>
                    </span>
                  )}
                </span>
              )}
              {entry.address !== null && (
                <span className="history-line muted" data-column="address">
                  address <span className="mono">{entry.address}</span>
                </span>
              )}
            </td>
            <td className="history-made-by" data-column="made-by">
              {madeByWords(entry)}
            </td>
            <td data-column="outcome">
              <OutcomeCell entry={entry} outcome={outcomes.get(entry.id)} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
