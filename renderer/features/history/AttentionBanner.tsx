import type { JournalEntry } from '../../../shared/ipc/journal.ts';
import { appErrorOf } from '../../bridge.ts';
import type { AppError } from '../../bridge.ts';
import { useHistorySearch } from './history-search.ts';
import { isJournalUnavailable } from './JournalUnavailable.tsx';
import { madeByWords } from './person-words.ts';
import { useJournalAttention } from './use-journal.ts';
import { useJournalFreshness } from './use-journal-freshness.ts';
import './attention.css';

/** Names shown before "and N more": enough to recognise them, few enough to read at a glance. */
const NAMED = 3;

const nameOf = (entry: JournalEntry) => entry.foreignId ?? `journal entry ${entry.id}`;

/**
 * " (made by Ana Ruiz on FINANCE-01)": on a team journal, whom to ask. Only the computer when no
 * name was set yet; nothing when nothing was recorded.
 */
function madeByOf(entry: JournalEntry): string {
  if (entry.madeBy !== null) return ` (made by ${madeByWords(entry)})`;
  return entry.madeOn === null ? '' : ` (made on ${entry.madeOn})`;
}

/**
 * Across the top of every screen while any submission of the active profile has an unknown outcome
 * (a lost answer, a crash mid-submission): money may have moved, and nobody must forget to check.
 * It stays until a person records what happened, in History; each names who made it and where, as
 * on a team journal that may be someone else (issue 15). When the team journal cannot be reached,
 * it says so instead: the unknown outcomes it holds cannot be listed, and must not seem to be gone.
 * Silent when this computer's own journal cannot be read: History itself then says why.
 */
export function AttentionBanner() {
  useJournalFreshness();
  const attention = useJournalAttention();
  return <AttentionNotice entries={attention.data?.entries ?? []} error={attention.isError ? appErrorOf(attention.error) : null} />;
}

/** The banner for what main answered: the entries to check, or why they cannot be listed. */
export function AttentionNotice({ entries, error }: { entries: readonly JournalEntry[]; error: AppError | null }) {
  if (error !== null) {
    if (!isJournalUnavailable(error)) return null;
    return (
      <div className="attention-banner" role="status" data-testid="attention-banner">
        <p>
          <strong>The team journal cannot be reached:</strong> operations that need a check cannot be listed until it is back.{' '}
          {error.message}
        </p>
      </div>
    );
  }
  if (entries.length === 0) return null;
  const named = entries.slice(0, NAMED);
  const more = entries.length - named.length;
  const count = entries.length === 1 ? 'One operation needs' : `${entries.length} operations need`;
  return (
    <div className="attention-banner" role="status" data-testid="attention-banner">
      <p>
        <strong>{count} a check:</strong> the outcome is unknown for{' '}
        {named.map((entry, index) => (
          <span key={entry.id}>
            {index > 0 && ', '}
            <span className="mono">{nameOf(entry)}</span>
            {madeByOf(entry)}
          </span>
        ))}
        {more > 0 && ` and ${more} more`}. The service may have acted on {entries.length === 1 ? 'it' : 'them'}.
      </p>
      <a
        href="#history"
        className="attention-link"
        onClick={(event) => {
          event.preventDefault();
          useHistorySearch.getState().showUnknown();
        }}
      >
        Check in History
      </a>
    </div>
  );
}
