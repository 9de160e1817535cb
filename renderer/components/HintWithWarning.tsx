import { FormattedMessage } from 'react-intl';

/**
 * A field's hint: a counter or a note and, when there is one, a warning (a reference that looks like
 * personal data, sender/personal-data.ts), as one hint so that both are read with the field.
 */
export function HintWithWarning({ note, warning }: { note?: string; warning?: string | null }) {
  return (
    <>
      {note && <span className="field-note">{note}</span>}
      {warning && (
        <span className="field-warning">
          <FormattedMessage id="components.hint.warning" values={{ warning }} />
        </span>
      )}
    </>
  );
}
