import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../../shared/i18n/index.ts';
import type { EntryOutcome } from '../../../shared/ipc/index.ts';
import type { JournalEntry } from '../../../shared/ipc/journal.ts';
import { Amount } from '../../components/Amount.tsx';
import { useFormatLocale } from '../../components/locale.ts';
import { EntryTime } from './EntryTime.tsx';
import { STATE_WORDS } from './journal-words.ts';
import { madeByWords } from './person-words.ts';
import { reportedTitle, rowOutcome, WHAT_WORDS } from './row-outcome.ts';

const mono = (chunks: ReactNode[]) => <span className="mono">{chunks}</span>;
const serviceIdMono = (chunks: ReactNode[]) => (
  <span className="mono history-id" data-column="service-id">
    {chunks}
  </span>
);
/** The table's columns, in order. */
const COLUMNS: readonly MessageId[] = ['history.table.when', 'history.table.what', 'history.table.amount', 'history.table.reference', 'history.table.madeBy', 'history.table.outcome'];

/** Between a title and its reference: punctuation, the same in the shipped languages. */
const DOT = ' · ';

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
  const intl = useIntl();
  const formatLocale = useFormatLocale();
  const row = rowOutcome(intl, entry, outcome);
  return (
    <span
      className={`journal-state journal-state-${row.tone}`}
      title={
        outcome !== undefined
          ? reportedTitle(intl, formatLocale, outcome.current)
          : intl.formatMessage({ id: 'history.table.inJournal' }, { state: intl.formatMessage({ id: STATE_WORDS[entry.state].label }) })
      }
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
  const intl = useIntl();
  return (
    <table className="table history-table">
      <caption className="visually-hidden">
        <FormattedMessage id="history.table.caption" />
      </caption>
      <thead>
        <tr>
          {COLUMNS.map((column) => (
            <th key={column} scope="col">
              <FormattedMessage id={column} />
            </th>
          ))}
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
              <EntryTime value={entry.createdAt} />
            </td>
            <td data-column="operation">
              <button
                type="button"
                className="history-open"
                onClick={() => onOpen(entry)}
                aria-haspopup="dialog"
                // The visible words first (the name a voice-control user speaks), then which entry it opens.
                aria-label={intl.formatMessage(
                  { id: 'history.table.open' },
                  { what: intl.formatMessage({ id: WHAT_WORDS[entry.operation] }), name: entry.foreignId ?? entry.serviceId ?? intl.formatMessage({ id: 'history.table.entryName' }, { id: String(entry.id) }) },
                )}
              >
                <FormattedMessage id={WHAT_WORDS[entry.operation]} />
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
                  <FormattedMessage id="history.table.serviceId" values={{ id: entry.serviceId, mono: serviceIdMono }} />
                </span>
              )}
              {(entry.title !== null || entry.endUserReference !== null) && (
                <span className="history-line" data-column="title">
                  {entry.title}
                  {entry.endUserReference !== null && (
                    <span className="history-reference muted">
                      {entry.title !== null && DOT}
                      <FormattedMessage id="history.table.reference.value" values={{ reference: entry.endUserReference, mono }} />
                    </span>
                  )}
                </span>
              )}
              {entry.address !== null && (
                <span className="history-line muted" data-column="address">
                  <FormattedMessage id="history.table.address" values={{ address: entry.address, mono }} />
                </span>
              )}
            </td>
            <td className="history-made-by" data-column="made-by">
              {madeByWords(intl, entry)}
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
