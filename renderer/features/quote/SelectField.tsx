import type { SelectHTMLAttributes } from 'react';
import { forwardRef, useId } from 'react';

type Props = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  options: readonly string[];
  error?: string | undefined;
};

/** A labelled <select> with its error tied to it, laid out like app/ui's TextField. */
export const SelectField = forwardRef<HTMLSelectElement, Props>(function SelectField({ label, options, error, ...select }, ref) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} ref={ref} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...select}>
        {options.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </select>
      {/* Always there, so an error appearing on blur never moves what is below. */}
      <p className="field-error" id={errorId}>
        {error}
      </p>
    </div>
  );
});
