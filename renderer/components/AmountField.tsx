import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormattedMessage } from 'react-intl';
import { decimalPlaces } from '../../shared/money/decimal.ts';
import { amountInWords, formatAmount, parseAmount } from '../../shared/locale/index.ts';
import { SPACE } from './locale.ts';
import { TextField } from './TextField.tsx';
import './amount-field.css';

type Props = {
  label: string;
  /** The language the amount is typed in: its separators are read (shared/locale/parse-amount.ts). */
  locale: string;
  /** The text as typed, for the read-back. */
  text: string;
  note?: ReactNode;
  error?: string | undefined;
  registration: UseFormRegisterReturn;
};

/**
 * An amount input that takes the locale's own form ("1.234,56" in German) and the plain form
 * ("1234.56"), and says under the field, in digits and in words, the value it read, before anything
 * is sent: "You entered: 1.234,56 — one thousand two hundred thirty-four point five six". Text that
 * cannot be read, or is ambiguous ("1.234" in German), gets no read-back: the form's rule
 * (parseAmount, the same reading) says why, and what goes into the request is its plain decimal.
 */
export function AmountField({ label, locale, text, note, error, registration }: Props) {
  const reading = parseAmount(text, locale);
  const decimal = reading.ok ? reading.decimal : null;
  return (
    <TextField
      label={label}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      hint={
        <>
          {note && <span className="field-note">{note}</span>}
          {decimal !== null && (
            <span className="amount-read-back" data-decimal={decimal}>
              {SPACE}
              <FormattedMessage
                id="invoices.amountField.readBack"
                values={{ amount: formatAmount(decimal, locale, { minDecimals: decimalPlaces(decimal) }), words: amountInWords(decimal, locale) }}
              />
            </span>
          )}
        </>
      }
      error={error}
      {...registration}
    />
  );
}
