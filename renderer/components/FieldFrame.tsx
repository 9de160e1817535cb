import type { ReactNode } from 'react';
import { useId } from 'react';

/** The ids and ARIA attributes that tie a control to its label, hint and error. */
export function useFieldIds(hint: ReactNode, error: string | undefined) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, control: { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy } } as const;
}

type Props = {
  ids: ReturnType<typeof useFieldIds>;
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  children: ReactNode;
};

/** A control's label above it, its hint and its error below: one layout for every kind of field. */
export function FieldFrame({ ids, label, hint, error, children }: Props) {
  return (
    <div className="field">
      <label htmlFor={ids.id}>{label}</label>
      {children}
      {hint && (
        <p className="field-hint" id={ids.hintId}>
          {hint}
        </p>
      )}
      {/* Always there, so an error appearing on blur never moves the button being clicked. */}
      <p className="field-error" id={ids.errorId}>
        {error}
      </p>
    </div>
  );
}
