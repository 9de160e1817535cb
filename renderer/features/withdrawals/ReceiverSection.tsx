import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { PartyFields } from '../../components/sender/PartyFields.tsx';
import type { WithdrawalFormValues } from './withdrawal-form-schema.ts';
import { WORDS } from './withdrawal-words.ts';

/** `R` is what the form submits: one withdrawal's request, or a payout batch's parties. */
type Props<R> = { form: UseFormReturn<WithdrawalFormValues, unknown, R>; kind: WithdrawalFormValues['receiver_type'] };

/** The travel-rule receiver (spec 2.6): a natural person, a legal entity with its data, or the merchant itself. */
export function ReceiverSection<R>({ form, kind }: Props<R>) {
  const id = useId();
  const { errors } = form.formState;
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
      {(kind === 'natural' || kind === 'legal') && <PartyFields form={form} at="receiver_data" kind={kind} label={(plain) => `Receiver ${plain.toLowerCase()}`} />}
    </fieldset>
  );
}
