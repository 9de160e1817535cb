import { useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';

type Props = {
  /** The form's accessible name, such as "Reject draft 3". */
  name: string;
  question: string;
  confirm: string;
  busy: boolean;
  /** The reason, trimmed and never empty. */
  onSubmit(reason: string): void;
  onCancel(): void;
};

/** Why something is rejected: a rejection always says why, so its button waits for a reason. */
export function ReasonForm({ name, question, confirm, busy, onSubmit, onCancel }: Props) {
  const id = useId();
  const [reason, setReason] = useState('');
  return (
    <form
      className="withdrawal-reject"
      aria-label={name}
      onSubmit={(event) => {
        event.preventDefault();
        if (reason.trim() !== '') onSubmit(reason.trim());
      }}
    >
      <label htmlFor={`${id}-reason`}>{question}</label>
      <textarea id={`${id}-reason`} value={reason} required maxLength={2000} onChange={(event) => setReason(event.target.value)} />
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy || reason.trim() === ''}>
          {confirm}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          <FormattedMessage id="withdrawals.list.cancel" />
        </button>
      </div>
    </form>
  );
}
