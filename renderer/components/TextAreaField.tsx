import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { forwardRef } from 'react';
import { FieldFrame, useFieldIds } from './FieldFrame.tsx';

type Props = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
};

/** TextField for several lines. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, Props>(function TextAreaField({ label, error, hint, ...input }, ref) {
  const ids = useFieldIds(hint, error);
  return (
    <FieldFrame ids={ids} label={label} hint={hint}>
      <textarea ref={ref} {...ids.control} {...input} />
    </FieldFrame>
  );
});
