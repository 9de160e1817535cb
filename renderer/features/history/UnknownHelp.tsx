import type { JournalEntry } from '../../../shared/ipc/journal.ts';
import { unknownAdvice } from './entry-rules.ts';
import { ResolveForm } from './ResolveForm.tsx';

/**
 * An entry whose outcome is unknown: what it means, what to do about it in order, and the form that
 * records what the person found. The banner goes away when the last one is recorded.
 */
export function UnknownHelp({ entry, onResolved }: { entry: JournalEntry; onResolved(entry: JournalEntry): void }) {
  return (
    <section className="history-unknown" aria-labelledby="history-unknown-title" data-testid="unknown-help">
      <h3 id="history-unknown-title">What to do</h3>
      <ol>
        {unknownAdvice(entry).map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <ResolveForm entry={entry} onResolved={onResolved} />
    </section>
  );
}
