import type { OutcomeStep } from '../../../shared/ipc/index.ts';
import { reportedTitle } from './row-outcome.ts';

/** What the service reported became of an entry, in words, coloured by what it asks of the person. */
export function OutcomeBadge({ step }: { step: OutcomeStep }) {
  const tone = step.tone === 'unknown' ? 'check' : step.tone;
  return (
    <span
      className={`journal-state journal-state-${tone} outcome-badge`}
      data-outcome={step.status}
      data-origin={step.origin}
      data-testid="entry-outcome"
      title={step.origin === 'polled' ? reportedTitle(step) : undefined}
    >
      {step.words}
    </span>
  );
}
