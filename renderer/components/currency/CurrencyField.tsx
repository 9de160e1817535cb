import type { ReactNode } from 'react';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { SelectField } from '../SelectField.tsx';
import { TextField } from '../TextField.tsx';
import { CHOOSE_CURRENCY } from '../../../shared/api/wire.ts';
import { TYPE_CURRENCY, typedCode } from './currency-source.ts';
import './currency-field.css';

type Props = {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  /** A code may be typed (the list is stale, incomplete or missing): a text field that suggests `codes`. */
  typing: boolean;
  /** The codes the list offers. */
  codes: readonly string[];
  /** The field's value now: one typed earlier and not in the list still shows as chosen. */
  current?: string;
  /** The form's registration of the field; made with `typedCodeField` when typing. */
  registration: UseFormRegisterReturn;
  /** The select's own options when not typing (grouped, say); by default one per code. */
  children?: ReactNode;
  placeholder?: string;
};

/** Register options of a typed code field: the value is kept as it is sent, trimmed and upper-cased. */
export const typedCodeField = { setValueAs: (value: unknown) => typedCode(String(value ?? '')) };

/** A currency: chosen from the list, or, when the list cannot be relied on, typed with the list as suggestions. */
export function CurrencyField({ label, hint, error, typing, codes, current, registration, children, placeholder }: Props) {
  const listId = useId();
  const intl = useIntl();
  // A typed code is asked for with the typing words, not "choose"; the field's frame words the rule.
  const said = (message: string | undefined, typed: boolean): string | undefined => (typed && message === CHOOSE_CURRENCY ? TYPE_CURRENCY : message);
  if (!typing) {
    // A select shows its first option for a value it lacks, while the form would send the value.
    const unlisted = current && !codes.includes(current) ? current : null;
    return (
      <SelectField label={label} hint={hint} error={said(error, false)} {...registration}>
        {unlisted && (
          <option value={unlisted}>{intl.formatMessage({ id: 'components.currencyField.notInList' }, { code: unlisted })}</option>
        )}
        {children ??
          codes.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
      </SelectField>
    );
  }
  return (
    <>
      <TextField
        label={label}
        hint={hint}
        error={said(error, true)}
        list={listId}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        className="mono currency-typed"
        placeholder={placeholder}
        {...registration}
      />
      <datalist id={listId}>
        {codes.map((code) => (
          <option key={code} value={code} />
        ))}
      </datalist>
    </>
  );
}
