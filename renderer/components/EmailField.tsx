import type { UseFormRegisterReturn } from 'react-hook-form';
import { emailTypoSuggestion } from '../../shared/submission/personal-data.ts';
import { FormattedMessage } from 'react-intl';
import { SPACE } from './locale.ts';
import { TextField } from './TextField.tsx';

type Props = {
  label: string;
  /** The address as typed, for the suggestion. */
  value: string;
  note?: string;
  error?: string | undefined;
  registration: UseFormRegisterReturn;
  /** Puts the suggested address in the field. */
  onUse(address: string): void;
};

/**
 * An e-mail address field that asks "Did you mean ada@gmail.com?" when the domain is a common one
 * mistyped (shared/submission/personal-data.ts), with a button that takes the suggestion. Only a
 * question: the address as typed may be right, so it is never refused for it.
 */
export function EmailField({ label, value, note, error, registration, onUse }: Props) {
  const suggestion = error ? null : emailTypoSuggestion(value);
  return (
    <TextField
      label={label}
      type="email"
      autoComplete="off"
      spellCheck={false}
      hint={
        note || suggestion ? (
          <>
            {note && <span className="field-note">{note}</span>}
            {suggestion && (
              <span className="field-warning email-suggestion">
                <FormattedMessage id="components.emailField.didYouMean" values={{ address: suggestion }} />
                {SPACE}
                <button type="button" className="button button-small" onClick={() => onUse(suggestion)}>
                  <FormattedMessage id="components.emailField.use" values={{ address: suggestion }} />
                </button>
              </span>
            )}
          </>
        ) : undefined
      }
      error={error}
      {...registration}
    />
  );
}
