import type { JournalEntry } from '../../../shared/ipc/journal.ts';
import { useHistorySearch } from './history-search.ts';
import { useJournalAttention } from './use-journal.ts';
import { useJournalFreshness } from './use-journal-freshness.ts';
import './attention.css';

/** Names shown before "and N more": enough to recognise them, few enough to read at a glance. */
const NAMED = 3;

const nameOf = (entry: JournalEntry) => entry.foreignId ?? `journal entry ${entry.id}`;

/**
 * Across the top of every screen while any submission of the active profile has an unknown outcome
 * (a lost answer, a crash mid-submission): money may have moved, and nobody must forget to check.
 * It stays until a person records what happened, in History. Silent when the journal cannot be
 * read: History itself then says why.
 */
export function AttentionBanner() {
  useJournalFreshness();
  const attention = useJournalAttention();
  const entries = attention.data?.entries ?? [];
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
