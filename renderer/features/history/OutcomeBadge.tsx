import type { OutcomeStep } from '../../../shared/ipc/index.ts';
import { formatUtc } from '../../components/DateTime.tsx';

/** What the service reported became of an entry, in words, coloured by what it asks of the person. */
export function OutcomeBadge({ step }: { step: OutcomeStep }) {
  const tone = step.tone === 'unknown' ? 'check' : step.tone;
  return (
    <span
      className={`journal-state journal-state-${tone} outcome-badge`}
      data-outcome={step.status}
      data-origin={step.origin}
      data-testid="entry-outcome"
      title={step.origin === 'polled' ? `Checked with the service at ${checkedAt(step.at)}` : undefined}
    >
      {step.words}
    </span>
  );
}

/** When a polled status was heard, in UTC; a time that cannot be read is shown as received. */
const checkedAt = (at: string): string => (Number.isNaN(Date.parse(at)) ? at : formatUtc(Date.parse(at)));
