import { FormattedMessage, useIntl } from 'react-intl';
import { CopyableText } from '../CopyableText.tsx';
import type { Made } from './made-words.ts';
import { MADE_KEY } from './made-words.ts';
import type { UnknownOutcome } from './submission-failure.ts';
import './submission.css';

/**
 * A send whose answer was lost: the invoice (or deposit address) may or may not exist. Staff check
 * the foreign id in the back office; sending again reuses it, so the service refuses a second one
 * if the first exists.
 */
export function OutcomeUnknownNotice({ unknown, what }: { unknown: UnknownOutcome; what: Made }) {
  const intl = useIntl();
  const made = { what: MADE_KEY[what] };
  return (
    <div className="panel outcome-unknown" role="alert" data-testid="outcome-unknown">
      <h2>
        <FormattedMessage id="components.outcomeUnknown.title" />
      </h2>
      {/* The client's own words: what was lost (no answer, a reset, a server error) and what to do. */}
      <p>{unknown.message}</p>
      <p>
        <FormattedMessage id="components.outcomeUnknown.check" values={made} />
      </p>
      <p className="outcome-foreign-id">
        <CopyableText value={unknown.foreignId} what={intl.formatMessage({ id: 'components.outcomeUnknown.foreignIdWhat' })} testId="unknown-foreign-id" />
      </p>
      <p className="muted">
        <FormattedMessage id="components.outcomeUnknown.keeps" values={made} />
      </p>
    </div>
  );
}
