import type { ReactNode, SelectHTMLAttributes } from 'react';
import { forwardRef, useId } from 'react';

type Props = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
};

/** A labelled <select> with its hint and error, shaped like app/ui's TextField. */
export const SelectField = forwardRef<HTMLSelectElement, Props>(function SelectField({ label, error, hint, children, ...select }, ref) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} ref={ref} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...select}>
        {children}
      </select>
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
      <p className="field-error" id={errorId}>
        {error}
      </p>
    </div>
  );
});
