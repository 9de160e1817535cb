import type { ReactNode, SelectHTMLAttributes } from 'react';
import { forwardRef, useId } from 'react';

type Props = SelectHTMLAttributes<HTMLSelectElement> & { label: string; children: ReactNode };

/**
 * A labelled <select> of the search row, shaped like components/TextField (a choice from a list cannot
 * be invalid, so it has no error line; an empty line keeps the row's fields level).
 */
export const FilterSelect = forwardRef<HTMLSelectElement, Props>(function FilterSelect({ label, children, ...select }, ref) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} ref={ref} {...select}>
        {children}
      </select>
      <p className="field-error" aria-hidden="true" />
    </div>
  );
});
