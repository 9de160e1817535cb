import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TransactionLookupRequest } from '../../../shared/api/transaction.ts';
import { SPACE } from '../../components/locale.ts';
import { TextField } from '../../components/TextField.tsx';
import { LOOKUP_BY_WORDS } from './lookup-by-words.ts';
import type { LookupFormInput } from './lookup-form-schema.ts';
import { formValuesOf, LOOKUP_BY, lookupFormSchema } from './lookup-form-schema.ts';

type Props = {
  /** The query to start from (a pending lookup from another screen), or null for an empty form. */
  initial: TransactionLookupRequest | null;
  busy: boolean;
  /** A field message from main or the service (invalid_request / validation) for the one field. */
  serverError: string | null;
  onLookup(query: TransactionLookupRequest): void;
};

/**
 * By id, by foreign id or by the transaction's hash, exactly one (spec 4.1; the hash as newer
 * documentation allows it): a choice, then one field. Errors show when the field is left, and
 * Enter looks up.
 */
export function LookupForm({ initial, busy, serverError, onLookup }: Props) {
  const form = useForm<LookupFormInput, unknown, TransactionLookupRequest>({
    resolver: zodResolver(lookupFormSchema),
    defaultValues: formValuesOf(initial),
    mode: 'onTouched',
  });
  const by = useWatch({ control: form.control, name: 'by' });
  const { errors } = form.formState;
  const intl = useIntl();

  useEffect(() => {
    if (serverError) form.setError('value', { type: 'server', message: serverError }, { shouldFocus: true });
  }, [serverError, form]);

  const words = LOOKUP_BY_WORDS[by];
  return (
    <form className="panel lookup-form" aria-labelledby="lookup-form-title" noValidate onSubmit={form.handleSubmit(onLookup)}>
      <h2 id="lookup-form-title">
        <FormattedMessage id="transactions.form.title" />
      </h2>
      <fieldset className="lookup-by">
        <legend>
          <FormattedMessage id="transactions.form.by" />
        </legend>
        {LOOKUP_BY.map((choice) => (
          <label key={choice}>
            <input type="radio" value={choice} {...form.register('by', { onChange: () => form.clearErrors('value') })} />
            {SPACE}
            <FormattedMessage id={LOOKUP_BY_WORDS[choice].choice} />
          </label>
        ))}
      </fieldset>
      <p className="lookup-note" id="lookup-note">
        <FormattedMessage id="transactions.form.note" values={{ strong: (chunks) => <strong>{chunks}</strong> }} />
      </p>
      <div className="lookup-row">
        <TextField
          label={intl.formatMessage({ id: words.label })}
          autoComplete="off"
          spellCheck={false}
          inputMode={by === 'id' ? 'numeric' : 'text'}
          // A hash is long (64 characters and more): its field is wider, so that it reads whole.
          className={by === 'txid' ? 'mono lookup-hash' : 'mono'}
          hint={intl.formatMessage({ id: words.hint })}
          error={errors.value?.message}
          {...form.register('value')}
        />
        <button type="submit" className="button button-primary" disabled={busy}>
          <FormattedMessage id={busy ? 'transactions.form.busy' : 'transactions.form.submit'} />
        </button>
      </div>
    </form>
  );
}
