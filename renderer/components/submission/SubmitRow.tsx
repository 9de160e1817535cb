import { useIntl } from 'react-intl';
import { OutcomeUnknownNotice } from './OutcomeUnknownNotice.tsx';
import type { Made } from './made-words.ts';
import type { UnknownOutcome } from './submission-failure.ts';
import './submission.css';

type Props = {
  what: Made;
  /** The last send whose outcome is unknown, or null. */
  unknown: UnknownOutcome | null;
  /** The form's own alert line (a refusal that names none of its fields), or undefined. */
  error: string | undefined;
  /** A send is under way: the button is disabled and says so. */
  sending: boolean;
  /** The button's words when idle ("Create invoice") and while sending ("Creating…"). */
  label: string;
  sendingLabel: string;
};

/**
 * The end of a submitting form: an unknown outcome with its foreign id, the form's own error, and
 * the submit button, which after an unknown outcome says that it sends again under the same id.
 */
export function SubmitRow({ what, unknown, error, sending, label, sendingLabel }: Props) {
  const intl = useIntl();
  return (
    <>
      {unknown && <OutcomeUnknownNotice unknown={unknown} what={what} />}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="form-actions submission-actions">
        <button type="submit" className="button button-primary" disabled={sending}>
          {sending ? sendingLabel : unknown ? intl.formatMessage({ id: 'components.submitRow.sendAgain' }) : label}
        </button>
      </div>
    </>
  );
}
