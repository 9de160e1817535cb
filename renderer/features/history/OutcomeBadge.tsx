import { useIntl } from 'react-intl';
import { wordOutcome } from '../../../shared/api/outcome-words.ts';
import type { OutcomeStep } from '../../../shared/ipc/index.ts';
import { useFormatLocale } from '../../components/locale.ts';
import { reportedTitle } from './row-outcome.ts';

/** What the service reported became of an entry, in words, coloured by what it asks of the person. */
export function OutcomeBadge({ step }: { step: OutcomeStep }) {
  const intl = useIntl();
  const formatLocale = useFormatLocale();
  const tone = step.tone === 'unknown' ? 'check' : step.tone;
  return (
    <span
      className={`journal-state journal-state-${tone} outcome-badge`}
      data-outcome={step.status}
      data-origin={step.origin}
      data-testid="entry-outcome"
      title={step.origin === 'polled' ? reportedTitle(intl, formatLocale, step) : undefined}
    >
      {wordOutcome(intl, step.words)}
    </span>
  );
}
