import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { ForeignIdField } from '../ForeignIdField.tsx';
import type { ForeignIdPrefix } from '../../../shared/submission/foreign-id.ts';
import { newForeignId } from '../../../shared/submission/foreign-id.ts';
import { HintWithWarning } from '../HintWithWarning.tsx';
import { personalDataConcern } from '../sender/personal-data.ts';
import type { SenderFields } from '../sender/sender-fields.ts';
import { TextField } from '../TextField.tsx';
import { DuplicateNotice } from './DuplicateNotice.tsx';
import type { Made } from './made-words.ts';
import { DUPLICATE } from './submission-failure.ts';

/** The part of a form's values these fields read and write; names follow the spec's. */
export type ReferencePart = { end_user_reference: string; foreign_id: string; sender_data: SenderFields };

type Props<T extends ReferencePart & FieldValues, R> = {
  form: UseFormReturn<T, unknown, R>;
  /** What the service makes under the foreign id, for the duplicate's explanation. */
  what: Made;
  prefix: ForeignIdPrefix;
};

/**
 * The merchant's references of something the service makes (an invoice, a deposit address): the end
 * user reference and the foreign id, neither of which may hold personal data (spec 4.4), so each
 * warns when it looks like some (the sender's name included); and, when main decided the send was a
 * duplicate (the foreign id used before), what that means.
 */
export function ReferenceFields<T extends ReferencePart & FieldValues, R>({ form: typed, what, prefix }: Props<T, R>) {
  // The form holds at least these fields (T extends ReferencePart); react-hook-form's path types
  // cannot see that through a generic, so this part speaks to it as a form of just these fields.
  const form = typed as unknown as UseFormReturn<ReferencePart>;
  const [reference, foreignId, sender] = useWatch({ control: form.control, name: ['end_user_reference', 'foreign_id', 'sender_data'] });
  const { errors } = form.formState;
  const intl = useIntl();
  /** The personal-data warning of a reference field, in the window's language, or null. */
  const warning = (field: 'endUserReference' | 'foreignId', value: string): string | null => {
    const concern = personalDataConcern(value, sender);
    return concern === null ? null : intl.formatMessage({ id: concern === 'phone' ? 'components.personalData.phone' : 'components.personalData.name' }, { field });
  };
  return (
    <>
      <TextField
        label={intl.formatMessage({ id: 'components.references.endUserReference' })}
        autoComplete="off"
        spellCheck={false}
        hint={<HintWithWarning note={intl.formatMessage({ id: 'components.references.endUserNote' })} warning={warning('endUserReference', reference)} />}
        error={errors.end_user_reference?.message}
        {...form.register('end_user_reference')}
      />
      <ForeignIdField
        value={foreignId}
        error={errors.foreign_id?.message}
        warning={warning('foreignId', foreignId)}
        registration={form.register('foreign_id')}
        onNew={() => form.setValue('foreign_id', newForeignId(prefix), { shouldValidate: true, shouldDirty: true })}
      />
      {errors.foreign_id?.type === DUPLICATE && <DuplicateNotice what={what} />}
    </>
  );
}
