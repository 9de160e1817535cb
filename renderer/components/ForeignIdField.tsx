import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { HintWithWarning } from './HintWithWarning.tsx';
import { TextField } from './TextField.tsx';
import './foreign-id-field.css';

type Props = {
  /** The field's value now, for its counter. */
  value: string;
  error: string | undefined;
  /** A personal-data warning (sender/personal-data.ts), or null. */
  warning: string | null;
  registration: UseFormRegisterReturn;
  /** Puts a newly generated id in the field (shared/submission/foreign-id.ts). */
  onNew(): void;
};

/**
 * The merchant's foreign id of something the service makes (spec 4.4: unique, at most 255
 * characters, no personal data), generated and editable, with New id beside it for a fresh one.
 */
export function ForeignIdField({ value, error, warning, registration, onNew }: Props) {
  const intl = useIntl();
  return (
    <div className="foreign-id-row">
      <TextField
        label={intl.formatMessage({ id: 'components.foreignId.label' })}
        autoComplete="off"
        spellCheck={false}
        className="mono"
        hint={<HintWithWarning note={intl.formatMessage({ id: 'components.foreignId.note' }, { count: value.length })} warning={warning} />}
        error={error}
        {...registration}
      />
      <button type="button" className="button button-small" onClick={onNew}>
        <FormattedMessage id="components.foreignId.new" />
      </button>
    </div>
  );
}
