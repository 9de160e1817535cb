import { CopyableText } from '../CopyableText.tsx';
import type { Made } from './made-words.ts';
import type { UnknownOutcome } from './submission-failure.ts';
import './submission.css';

/**
 * A send whose answer was lost: the invoice (or deposit address) may or may not exist. Staff check
 * the foreign id in the back office; sending again reuses it, so the service refuses a second one
 * if the first exists.
 */
export function OutcomeUnknownNotice({ unknown, what }: { unknown: UnknownOutcome; what: Made }) {
  return (
    <div className="panel outcome-unknown" role="alert" data-testid="outcome-unknown">
      <h2>Outcome unknown</h2>
      {/* The client's own words: what was lost (no answer, a reset, a server error) and what to do. */}
      <p>{unknown.message}</p>
      <p>The {what} may or may not exist. Check this foreign id in the back office before doing anything else:</p>
      <p className="outcome-foreign-id">
        <CopyableText value={unknown.foreignId} what="foreign id" testId="unknown-foreign-id" />
      </p>
      <p className="muted">
        The form keeps every value. Sending again uses the same foreign id: if the first request did create the {what},
        the service refuses the second one as a duplicate, so no {what} is created twice.
      </p>
    </div>
  );
}
