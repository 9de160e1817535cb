import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { wordRule } from '../../../shared/i18n/rule-message.ts';
import type { JournalEntry } from '../../../shared/ipc/journal.ts';
import { announce } from '../../components/announce.ts';
import { SPACE } from '../../components/locale.ts';
import { TextAreaField } from '../../components/TextAreaField.tsx';
import { appErrorOf, fieldErrorsOf } from '../../bridge.ts';
import type { ResolveOutput, ResolveValues } from './resolve-form-schema.ts';
import { BLANK_RESOLVE, NOTE_MAX, resolveSchema } from './resolve-form-schema.ts';
import { useResolveEntry } from './use-journal.ts';

/**
 * A person checked the back office and records what became of an unknown submission. The note is
 * required: whoever reads this entry later must see what was found and by what means.
 */
export function ResolveForm({ entry, onResolved }: { entry: JournalEntry; onResolved(entry: JournalEntry): void }) {
  const intl = useIntl();
  const id = useId();
  const resolve = useResolveEntry();
  const form = useForm<ResolveValues, unknown, ResolveOutput>({
    resolver: zodResolver(resolveSchema),
    defaultValues: BLANK_RESOLVE,
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const note = useWatch({ control: form.control, name: 'note' });

  const onSubmit = form.handleSubmit(async (value) => {
    try {
      const answer = await resolve.mutateAsync({ id: entry.id, ...value });
      announce(intl.formatMessage({ id: 'history.resolve.recorded' }, { state: value.state }));
      onResolved(answer.entry);
    } catch (thrown) {
      const error = appErrorOf(thrown);
      const fields = fieldErrorsOf(error);
      if (fields.note) form.setError('note', { type: 'server', message: fields.note }, { shouldFocus: true });
      else form.setError('root.server', { type: error.kind, message: error.message });
    }
  });

  return (
    <form className="history-resolve" aria-labelledby={`${id}-title`} noValidate onSubmit={onSubmit}>
      <h3 id={`${id}-title`}>
        <FormattedMessage id="history.resolve.title" />
      </h3>
      <fieldset className="history-resolve-choice" aria-describedby={errors.state ? `${id}-state-error` : undefined}>
        <legend>
          <FormattedMessage id="history.resolve.question" />
        </legend>
        <label>
          <input type="radio" value="succeeded" {...form.register('state')} />
          {SPACE}
          <FormattedMessage id="history.resolve.succeeded" />
        </label>
        <label>
          <input type="radio" value="failed" {...form.register('state')} />
          {SPACE}
          <FormattedMessage id="history.resolve.failed" />
        </label>
        <p className="field-error" id={`${id}-state-error`}>
          {wordRule(intl, errors.state?.message)}
        </p>
      </fieldset>
      <TextAreaField
        label={intl.formatMessage({ id: 'history.resolve.note' })}
        rows={3}
        placeholder={intl.formatMessage({ id: 'history.resolve.notePlaceholder' })}
        hint={<FormattedMessage id="history.resolve.noteHint" values={{ count: String(note.length), max: String(NOTE_MAX) }} />}
        error={errors.note?.message}
        {...form.register('note')}
      />
      {errors.root?.server && (
        <p className="form-error" role="alert">
          {wordRule(intl, errors.root.server.message)}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={isSubmitting}>
          <FormattedMessage id={isSubmitting ? 'history.resolve.busy' : 'history.resolve.title'} />
        </button>
      </div>
    </form>
  );
}
