import type { OutcomeStep } from '../../../shared/ipc/index.ts';

/** What the service reported became of an entry, in words, coloured by what it asks of the person. */
export function OutcomeBadge({ step }: { step: OutcomeStep }) {
  const tone = step.tone === 'unknown' ? 'check' : step.tone;
  return (
    <span className={`journal-state journal-state-${tone} outcome-badge`} data-outcome={step.status} data-testid="entry-outcome">
      {step.words}
    </span>
  );
}
