import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import type { InvoiceCreateRequest } from '../../../shared/api/invoice.ts';
import { TextField } from '../../components/TextField.tsx';
import { CountryPicker } from './CountryPicker.tsx';
import type { InvoiceFormValues } from './invoice-form-schema.ts';

type Props = {
  form: UseFormReturn<InvoiceFormValues, unknown, InvoiceCreateRequest>;
  senderType: InvoiceFormValues['sender_type'];
  /** Rule 2 of spec 4.4 applies: timer on and a payment currency chosen. */
  required: boolean;
};

/**
 * The travel-rule sender (spec 2.6): a natural person or a legal entity, or left out so that the
 * customer is asked on the payment page (rule 3), which the person must confirm. Under rule 2 it
 * cannot be left out, and the section says why.
 */
export function SenderSection({ form, senderType, required }: Props) {
  const id = useId();
  const { errors } = form.formState;
  const sender = errors.sender_data;
  const kindError = errors.sender_type?.message;
  const confirmError = errors.sender_left_out_confirmed?.message;
  return (
    <fieldset className="panel invoice-section sender-section" aria-describedby={`${id}-about`}>
      <legend>Sender (travel rule)</legend>
      <p className="field-hint" id={`${id}-about`}>
        {required
          ? 'Required: this invoice has a timer and a fixed payment currency, so the service needs the sender now.'
          : 'Who pays, as EU anti-money-laundering rules require. You may leave it out: the customer is then asked for it on the payment page.'}
      </p>
      <div className="choice-group" role="radiogroup" aria-label="Sender" aria-describedby={kindError ? `${id}-kind-error` : undefined}>
        <label className="choice">
          <input type="radio" value="" {...form.register('sender_type')} />
          <span>Leave out: the customer enters it</span>
        </label>
        <label className="choice">
          <input type="radio" value="natural" {...form.register('sender_type')} />
          <span>Natural person</span>
        </label>
        <label className="choice">
          <input type="radio" value="legal" {...form.register('sender_type')} />
          <span>Legal entity</span>
        </label>
      </div>
      <p className="field-error" id={`${id}-kind-error`} role={kindError ? 'alert' : undefined}>
        {kindError}
      </p>

      {senderType === '' && !required && (
        <div className="sender-left-out">
          <p>
            No sender data will be sent. The customer will be asked for their name and date of birth (or company
            name and country) on the payment page before they can pay.
          </p>
          <label className="choice">
            <input
              type="checkbox"
              aria-invalid={confirmError ? true : undefined}
              aria-describedby={confirmError ? `${id}-confirm-error` : undefined}
              {...form.register('sender_left_out_confirmed')}
            />
            <span>I confirm the customer will be asked for the sender data on the payment page</span>
          </label>
          <p className="field-error" id={`${id}-confirm-error`}>
            {confirmError}
          </p>
        </div>
      )}

      {senderType === 'natural' && (
        <div className="invoice-grid">
          <TextField label="First name" autoComplete="off" error={sender?.first_name?.message} {...form.register('sender_data.first_name')} />
          <TextField label="Last name" autoComplete="off" error={sender?.last_name?.message} {...form.register('sender_data.last_name')} />
          <TextField
            label="Date of birth"
            placeholder="YYYY-MM-DD"
            inputMode="numeric"
            autoComplete="off"
            hint="As YYYY-MM-DD, for example 1985-12-10."
            error={sender?.date_of_birth?.message}
            {...form.register('sender_data.date_of_birth')}
          />
          <TextField
            label="Sender e-mail (optional)"
            type="email"
            autoComplete="off"
            error={sender?.email?.message}
            {...form.register('sender_data.email')}
          />
        </div>
      )}

      {senderType === 'legal' && (
        <div className="invoice-grid">
          <TextField label="Legal name" autoComplete="off" error={sender?.legal_name?.message} {...form.register('sender_data.legal_name')} />
          <Controller
            control={form.control}
            name="sender_data.country_of_registration"
            render={({ field, fieldState }) => (
              <CountryPicker
                label="Country of registration"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={fieldState.error?.message}
                hint="Type a code (DEU) or part of the name, then choose."
              />
            )}
          />
          <TextField
            label="Sender e-mail (optional)"
            type="email"
            autoComplete="off"
            error={sender?.email?.message}
            {...form.register('sender_data.email')}
          />
        </div>
      )}
    </fieldset>
  );
}
