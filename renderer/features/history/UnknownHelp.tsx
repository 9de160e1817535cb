import { FormattedMessage, useIntl } from 'react-intl';
import type { JournalEntry } from '../../../shared/ipc/journal.ts';
import { silentMinutes } from '../../../shared/submission/silent-pending.ts';
import { unknownAdvice } from './entry-rules.ts';
import { madeByWords } from './person-words.ts';
import { ResolveForm } from './ResolveForm.tsx';

type Props = { entry: JournalEntry; now: number; onResolved(entry: JournalEntry): void };

/**
 * An entry whose outcome is unknown, or a submission sent whose desktop recorded no answer for too
 * long (shared/submission/silent-pending.ts): what it means, what to do about it in order, and the
 * form that records what the person found. The banner goes away when the last one is recorded.
 */
export function UnknownHelp({ entry, now, onResolved }: Props) {
  const intl = useIntl();
  return (
    <section className="history-unknown" aria-labelledby="history-unknown-title" data-testid="unknown-help">
      <h3 id="history-unknown-title">
        <FormattedMessage id="history.unknown.title" />
      </h3>
      {entry.state === 'pending' && (
        <p data-testid="silent-pending">
          <FormattedMessage id="history.unknown.silent" values={{ minutes: silentMinutes(entry, now), person: madeByWords(intl, entry) }} />
        </p>
      )}
      <ol>
        {unknownAdvice(intl, entry).map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <ResolveForm entry={entry} onResolved={onResolved} />
    </section>
  );
}
