import type { JournalEntry } from '../../../shared/ipc/journal.ts';
import { silentMinutes } from '../../../shared/submission/silent-pending.ts';
import { unknownAdvice } from './entry-rules.ts';
import { madeByWords } from './person-words.ts';
import { ResolveForm } from './ResolveForm.tsx';
import { minutesWords } from './silence.ts';

type Props = { entry: JournalEntry; now: number; onResolved(entry: JournalEntry): void };

/**
 * An entry whose outcome is unknown, or a submission sent whose desktop recorded no answer for too
 * long (shared/submission/silent-pending.ts): what it means, what to do about it in order, and the
 * form that records what the person found. The banner goes away when the last one is recorded.
 */
export function UnknownHelp({ entry, now, onResolved }: Props) {
  return (
    <section className="history-unknown" aria-labelledby="history-unknown-title" data-testid="unknown-help">
      <h3 id="history-unknown-title">What to do</h3>
      {entry.state === 'pending' && (
        <p data-testid="silent-pending">
          It was sent {minutesWords(silentMinutes(entry, now))} ago and no answer was recorded since: the desktop that sent it ({madeByWords(entry)}) may
          have stopped. If it is still running, it records the answer itself; otherwise its outcome is unknown, and yours to find out.
        </p>
      )}
      <ol>
        {unknownAdvice(entry).map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <ResolveForm entry={entry} onResolved={onResolved} />
    </section>
  );
}
