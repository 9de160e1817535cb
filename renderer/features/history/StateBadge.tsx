import type { JournalState } from '../../../shared/ipc/journal.ts';
import { STATE_WORDS } from './journal-words.ts';

/** The journal state in words, coloured by what it asks of the person (unknown: check it). */
export function StateBadge({ state }: { state: JournalState }) {
  const words = STATE_WORDS[state];
  return (
    <span className={`journal-state journal-state-${words.tone}`} title={words.meaning} data-state={state}>
      {words.label}
    </span>
  );
}
