import type { InputHTMLAttributes, ReactNode } from 'react';
import { forwardRef } from 'react';
import { FieldFrame, useFieldIds } from './FieldFrame.tsx';

type Props = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
};

/** A labelled input with its hint and its error tied to it through aria-describedby. */
export const TextField = forwardRef<HTMLInputElement, Props>(function TextField({ label, error, hint, ...input }, ref) {
  const ids = useFieldIds(hint, error);
  return (
    <FieldFrame ids={ids} label={label} hint={hint}>
      <input ref={ref} {...ids.control} {...input} />
    </FieldFrame>
  );
});
