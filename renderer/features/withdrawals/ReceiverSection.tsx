import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import type { WithdrawalDraftRequest } from '../../../shared/ipc/capabilities/withdrawals.ts';
import { TextField } from '../../components/TextField.tsx';
import { CountryPicker } from '../../components/sender/CountryPicker.tsx';
import type { WithdrawalFormValues } from './withdrawal-form-schema.ts';
import { WORDS } from './withdrawal-words.ts';

type Props = { form: UseFormReturn<WithdrawalFormValues, unknown, WithdrawalDraftRequest>; kind: WithdrawalFormValues['receiver_type'] };

/** The travel-rule receiver (spec 2.6): a natural person, a legal entity with its data, or the merchant itself. */
export function ReceiverSection({ form, kind }: Props) {
  const id = useId();
  const { errors } = form.formState;
  const data = errors.receiver_data;
  const kindError = errors.receiver_type?.message;
  return (
    <fieldset className="panel form-section" aria-describedby={`${id}-about`}>
      <legend>{WORDS.form.receiver}</legend>
      <p className="field-hint" id={`${id}-about`}>
        {WORDS.form.receiverAbout}
      </p>
      <div className="choice-group" role="radiogroup" aria-label="Receiver" aria-describedby={kindError ? `${id}-kind-error` : undefined}>
        <label className="choice">
          <input type="radio" value="natural" {...form.register('receiver_type')} />
          <span>{WORDS.form.natural}</span>
        </label>
        <label className="choice">
          <input type="radio" value="legal" {...form.register('receiver_type')} />
          <span>{WORDS.form.legal}</span>
        </label>
        <label className="choice">
          <input type="radio" value="self" {...form.register('receiver_type')} />
          <span>{WORDS.form.self}</span>
        </label>
      </div>
      <p className="field-error" id={`${id}-kind-error`} role={kindError ? 'alert' : undefined}>
        {kindError}
      </p>
      {kind === 'natural' && (
        <div className="sender-grid">
          <TextField label="Receiver first name" autoComplete="off" error={data?.first_name?.message} {...form.register('receiver_data.first_name')} />
          <TextField label="Receiver last name" autoComplete="off" error={data?.last_name?.message} {...form.register('receiver_data.last_name')} />
          <TextField
            label="Receiver date of birth"
            placeholder="YYYY-MM-DD"
            inputMode="numeric"
            autoComplete="off"
            hint="As YYYY-MM-DD, for example 1985-12-10."
            error={data?.date_of_birth?.message}
            {...form.register('receiver_data.date_of_birth')}
          />
        </div>
      )}
      {kind === 'legal' && (
        <div className="sender-grid">
          <TextField label="Receiver legal name" autoComplete="off" error={data?.legal_name?.message} {...form.register('receiver_data.legal_name')} />
          <Controller
            control={form.control}
            name="receiver_data.country_of_registration"
            render={({ field, fieldState }) => (
              <CountryPicker
                label="Receiver country of registration"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={fieldState.error?.message}
                hint="Type a code (DEU) or part of the name, then choose."
              />
            )}
          />
        </div>
      )}
    </fieldset>
  );
}
