import { useIntl } from 'react-intl';
import type { JournalState } from '../../../shared/ipc/journal.ts';
import { STATE_WORDS } from './journal-words.ts';

/** The journal state in words, coloured by what it asks of the person (unknown: check it). */
export function StateBadge({ state }: { state: JournalState }) {
  const intl = useIntl();
  const words = STATE_WORDS[state];
  return (
    <span className={`journal-state journal-state-${words.tone}`} title={intl.formatMessage({ id: words.meaning })} data-state={state}>
      {intl.formatMessage({ id: words.label })}
    </span>
  );
}
