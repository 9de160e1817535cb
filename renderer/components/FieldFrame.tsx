import type { ReactNode } from 'react';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { wordRule } from '../../shared/i18n/index.ts';
import { useHeldWhilePressed } from './use-held-while-pressed.ts';

/**
 * The ids and ARIA attributes that tie a control to its label, hint and error, and the error to
 * show: one that appears while a pointer button is down waits for the release, so a field left by
 * a press moves nothing under the pointer (use-held-while-pressed.ts). A rule's message is worded
 * here, in the window's language (shared/i18n/rule-message.ts); any other text shows as it came.
 */
export function useFieldIds(hint: ReactNode, latestError: string | undefined) {
  const id = useId();
  const error = useHeldWhilePressed(wordRule(useIntl(), latestError));
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, error, control: { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy } } as const;
}

type Props = {
  ids: ReturnType<typeof useFieldIds>;
  label: string;
  hint?: ReactNode;
  children: ReactNode;
};

/** A control's label above it, its hint and its error below: one layout for every kind of field. */
export function FieldFrame({ ids, label, hint, children }: Props) {
  return (
    <div className="field">
      <label htmlFor={ids.id}>{label}</label>
      {children}
      {hint && (
        <p className="field-hint" id={ids.hintId}>
          {hint}
        </p>
      )}
      {/* Always there, a line high, so a short error takes no new room; one shown on leaving the field by a click waits for the click to be over (useFieldIds). */}
      <p className="field-error" id={ids.errorId}>
        {ids.error}
      </p>
    </div>
  );
}
