import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { TransactionLookupRequest } from '../../../shared/api/transaction.ts';
import { TextField } from '../../components/TextField.tsx';
import type { LookupFormInput } from './lookup-form-schema.ts';
import { formValuesOf, lookupFormSchema } from './lookup-form-schema.ts';

type Props = {
  /** The query to start from (a pending lookup from another screen), or null for an empty form. */
  initial: TransactionLookupRequest | null;
  busy: boolean;
  /** A field message from main or the service (invalid_request / validation) for the one field. */
  serverError: string | null;
  onLookup(query: TransactionLookupRequest): void;
};

/**
 * By id or by foreign id, exactly one (spec 4.1): a choice, then one field. Errors show when the
 * field is left, and Enter looks up.
 */
export function LookupForm({ initial, busy, serverError, onLookup }: Props) {
  const form = useForm<LookupFormInput, unknown, TransactionLookupRequest>({
    resolver: zodResolver(lookupFormSchema),
    defaultValues: formValuesOf(initial),
    mode: 'onTouched',
  });
  const by = useWatch({ control: form.control, name: 'by' });
  const { errors } = form.formState;

  useEffect(() => {
    if (serverError) form.setError('value', { type: 'server', message: serverError }, { shouldFocus: true });
  }, [serverError, form]);

  const byId = by === 'id';
  return (
    <form className="panel lookup-form" aria-labelledby="lookup-form-title" noValidate onSubmit={form.handleSubmit(onLookup)}>
      <h2 id="lookup-form-title">Look up a transaction</h2>
      <fieldset className="lookup-by">
        <legend>Look up by</legend>
        <label>
          <input
            type="radio"
            value="id"
            {...form.register('by', { onChange: () => form.clearErrors('value') })}
          />{' '}
          Transaction id
        </label>
        <label>
          <input
            type="radio"
            value="foreign_id"
            {...form.register('by', { onChange: () => form.clearErrors('value') })}
          />{' '}
          Foreign id (withdrawals only)
        </label>
      </fieldset>
      <p className="lookup-note" id="lookup-note">
        A foreign id (your own identifier) finds <strong>withdrawals only</strong>. Deposits need the service&apos;s
        transaction id.
      </p>
      <div className="lookup-row">
        <TextField
          label={byId ? 'Id' : 'Foreign id'}
          autoComplete="off"
          spellCheck={false}
          inputMode={byId ? 'numeric' : 'text'}
          className="mono"
          hint={byId ? 'The service’s transaction id: a whole number, 1 or more.' : 'Up to 255 characters, as you sent it.'}
          error={errors.value?.message}
          {...form.register('value')}
        />
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Looking up…' : 'Look up'}
        </button>
      </div>
    </form>
  );
}
