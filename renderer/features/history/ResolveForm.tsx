import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { JournalEntry } from '../../../shared/ipc/journal.ts';
import { announce } from '../../components/announce.ts';
import { appErrorOf, fieldErrorsOf } from '../../bridge.ts';
import type { ResolveOutput, ResolveValues } from './resolve-form-schema.ts';
import { BLANK_RESOLVE, resolveSchema } from './resolve-form-schema.ts';
import { useResolveEntry } from './use-journal.ts';

const NOTE_MAX = 500;

/**
 * A person checked the back office and records what became of an unknown submission. The note is
 * required: whoever reads this entry later must see what was found and by what means.
 */
export function ResolveForm({ entry, onResolved }: { entry: JournalEntry; onResolved(entry: JournalEntry): void }) {
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
      announce(`Recorded: ${value.state === 'succeeded' ? 'it succeeded' : 'it failed'}`);
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
      <h3 id={`${id}-title`}>Record what happened</h3>
      <fieldset className="history-resolve-choice" aria-describedby={errors.state ? `${id}-state-error` : undefined}>
        <legend>What did you find?</legend>
        <label>
          <input type="radio" value="succeeded" {...form.register('state')} /> It succeeded: the service has it
        </label>
        <label>
          <input type="radio" value="failed" {...form.register('state')} /> It failed: the service does not have it
        </label>
        <p className="field-error" id={`${id}-state-error`}>
          {errors.state?.message}
        </p>
      </fieldset>
      <div className="field history-resolve-note">
        <label htmlFor={`${id}-note`}>Note</label>
        <textarea
          id={`${id}-note`}
          rows={3}
          placeholder="What you found and where, e.g. invoice 826900 is in the back office"
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={`${id}-note-hint ${id}-note-error`}
          {...form.register('note')}
        />
        <p className="field-hint" id={`${id}-note-hint`}>
          {note.length} / {NOTE_MAX} characters. Kept with the entry.
        </p>
        <p className="field-error" id={`${id}-note-error`}>
          {errors.note?.message}
        </p>
      </div>
      {errors.root?.server && (
        <p className="form-error" role="alert">
          {errors.root.server.message}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Recording…' : 'Record what happened'}
        </button>
      </div>
    </form>
  );
}
