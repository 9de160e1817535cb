import type { EntryOutcome } from '../../../shared/ipc/index.ts';
import type { JournalEntry } from '../../../shared/ipc/journal.ts';
import { Amount } from '../../components/Amount.tsx';
import { DateTime } from '../../components/DateTime.tsx';
import { formatDuration, OPERATION_WORDS } from './journal-words.ts';
import { madeByWords } from './person-words.ts';
import { OutcomeBadge } from './OutcomeBadge.tsx';
import { StateBadge } from './StateBadge.tsx';

type Props = {
  entries: readonly JournalEntry[];
  /** What the service reported became of them, by entry id (use-outcomes.ts). */
  outcomes: ReadonlyMap<number, EntryOutcome>;
  onOpen(entry: JournalEntry): void;
};

const none = <span className="muted">none</span>;

/**
 * The journal, newest first, as main answers it. The operation's words are a button that opens the
 * entry (Tab, then Enter); a click anywhere else on the row does the same, unless it ended a text
 * selection (staff select ids to copy them).
 */
export function HistoryTable({ entries, outcomes, onOpen }: Props) {
  return (
    <table className="table history-table">
      <caption className="visually-hidden">Journal entries, newest first</caption>
      <thead>
        <tr>
          <th scope="col">When / made by</th>
          <th scope="col">Operation</th>
          <th scope="col">State / outcome</th>
          <th scope="col">Foreign id</th>
          <th scope="col">Service id</th>
          <th scope="col">Title / reference</th>
          <th scope="col">Amount</th>
          <th scope="col">HTTP</th>
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
              {/* Under the time, as the service status sits under the state: the table stays within the window. */}
              <span className="history-made-by" data-column="made-by">
                {madeByWords(entry)}
              </span>
            </td>
            <td data-column="operation">
              <button
                type="button"
                className="history-open"
                onClick={() => onOpen(entry)}
                aria-haspopup="dialog"
                // The visible words first (the name a voice-control user speaks), then which entry it opens.
                aria-label={`${OPERATION_WORDS[entry.operation]} ${entry.foreignId ?? entry.serviceId ?? `entry ${entry.id}`}: details`}
              >
                {OPERATION_WORDS[entry.operation]}
              </button>
            </td>
            <td data-column="state">
              <StateBadge state={entry.state} />
              <span className="history-service-status" data-column="service-status">
                {entry.serviceStatus ?? none}
              </span>
              {outcomes.has(entry.id) && <OutcomeBadge step={outcomes.get(entry.id)!.current} />}
            </td>
            <td className="mono history-id" data-column="foreign-id">
              {entry.foreignId ?? none}
            </td>
            <td className="mono history-id" data-column="service-id">
              {entry.serviceId ?? none}
            </td>
            <td className="break" data-column="title">
              {entry.title ?? (entry.endUserReference === null ? none : null)}
              {entry.endUserReference !== null && (
                <span className="history-reference muted">
                  {entry.title !== null && <br />}
                  ref <span className="mono">{entry.endUserReference}</span>
                </span>
              )}
              {entry.address !== null && (
                <span className="history-reference muted" data-column="address">
                  <br />
                  address <span className="mono">{entry.address}</span>
                </span>
              )}
            </td>
            <td data-column="amount">{entry.amount === null ? none : <Amount value={entry.amount} currency={entry.currency} />}</td>
            <td className="history-http" data-column="http">
              {entry.httpStatus ?? <span title="No answer was received">–</span>}
              {entry.durationMs !== null && <span className="muted">{formatDuration(entry.durationMs)}</span>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
