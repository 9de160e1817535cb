import type { ReactNode, SelectHTMLAttributes } from 'react';
import { forwardRef } from 'react';
import { FieldFrame, useFieldIds } from './FieldFrame.tsx';

type Props = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
};

/** A labelled <select> with its hint and error, laid out like TextField. */
export const SelectField = forwardRef<HTMLSelectElement, Props>(function SelectField({ label, error, hint, children, ...select }, ref) {
  const ids = useFieldIds(hint, error);
  return (
    <FieldFrame ids={ids} label={label} hint={hint}>
      <select ref={ref} {...ids.control} {...select}>
        {children}
      </select>
    </FieldFrame>
  );
});
