import { FormattedMessage, useIntl } from 'react-intl';
import type { JournalEntry } from '../../../shared/ipc/journal.ts';
import { EntryTime } from './EntryTime.tsx';
import { isResolvedByHand, personOn } from './person-words.ts';

/**
 * "Resolved by Ben Okafor on FINANCE-02 at ...": who recorded by hand what became of an unknown
 * outcome. On a team journal that may be anyone on the team, so the entry says who, for
 * whoever reads it later. Nothing for an entry nobody resolved, or one resolved before this was kept.
 */
export function ResolvedBy({ entry }: { entry: JournalEntry }) {
  const intl = useIntl();
  if (!isResolvedByHand(entry)) return null;
  return (
    <p className="history-resolved" data-testid="detail-resolved">
      <FormattedMessage
        id="history.resolvedBy"
        values={{ person: personOn(intl, entry.resolvedBy, entry.resolvedOn, entry.resolvedLogin), at: <EntryTime value={entry.resolvedAt} /> }}
      />
    </p>
  );
}
