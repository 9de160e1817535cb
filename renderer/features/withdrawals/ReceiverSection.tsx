import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { wordRule } from '../../../shared/i18n/index.ts';
import { PartyFields } from '../../components/sender/PartyFields.tsx';
import type { WithdrawalFormValues } from './withdrawal-form-schema.ts';

/** `R` is what the form submits: one withdrawal's request, or a payout batch's parties. */
type Props<R> = { form: UseFormReturn<WithdrawalFormValues, unknown, R>; kind: WithdrawalFormValues['receiver_type'] };

/** The travel-rule receiver (spec 2.6): a natural person, a legal entity with its data, or the merchant itself. */
export function ReceiverSection<R>({ form, kind }: Props<R>) {
  const id = useId();
  const intl = useIntl();
  const { errors } = form.formState;
  const kindError = wordRule(intl, errors.receiver_type?.message);
  return (
    <fieldset className="panel form-section" aria-describedby={`${id}-about`}>
      <legend>
        <FormattedMessage id="withdrawals.form.receiver" />
      </legend>
      <p className="field-hint" id={`${id}-about`}>
        <FormattedMessage id="withdrawals.form.receiverAbout" />
      </p>
      <div className="choice-group" role="radiogroup" aria-label={intl.formatMessage({ id: 'withdrawals.form.receiverGroup' })} aria-describedby={kindError ? `${id}-kind-error` : undefined}>
        <label className="choice">
          <input type="radio" value="natural" {...form.register('receiver_type')} />
          <span>
            <FormattedMessage id="withdrawals.form.natural" />
          </span>
        </label>
        <label className="choice">
          <input type="radio" value="legal" {...form.register('receiver_type')} />
          <span>
            <FormattedMessage id="withdrawals.form.legal" />
          </span>
        </label>
        <label className="choice">
          <input type="radio" value="self" {...form.register('receiver_type')} />
          <span>
            <FormattedMessage id="withdrawals.form.self" />
          </span>
        </label>
      </div>
      <p className="field-error" id={`${id}-kind-error`} role={kindError ? 'alert' : undefined}>
        {kindError}
      </p>
      {(kind === 'natural' || kind === 'legal') && <PartyFields form={form} at="receiver_data" kind={kind} label={(plain) => intl.formatMessage({ id: 'withdrawals.form.receiverField' }, { field: plain.toLowerCase() })} />}
    </fieldset>
  );
}
