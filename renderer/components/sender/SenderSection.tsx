import { useId } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { wordRule } from '../../../shared/i18n/index.ts';
import { EmailField } from '../EmailField.tsx';
import { useHeldWhilePressed } from '../use-held-while-pressed.ts';
import { PartyFields } from './PartyFields.tsx';
import type { SenderFormPart } from './sender-fields.ts';
import './sender.css';

type Props<T extends SenderFormPart & FieldValues, R> = {
  form: UseFormReturn<T, unknown, R>;
  senderType: SenderFormPart['sender_type'];
  /** The line under the legend: why the sender is needed here, and whether it may be left out. */
  about: string;
  /**
   * Whether the form may leave the sender out (invoices, spec 4.4 rule 3): null offers no such
   * choice (a deposit address always needs one); `confirm` asks the person to confirm that the
   * customer will be asked for it instead, which only holds while rule 2 does not apply.
   */
  leaveOut: { confirm: boolean } | null;
};

/**
 * The travel-rule sender (spec 2.6): a natural person or a legal entity, with the same fields,
 * checks and country picker wherever a request carries one (New invoice, Deposit address).
 */
export function SenderSection<T extends SenderFormPart & FieldValues, R>({ form: typed, senderType, about, leaveOut }: Props<T, R>) {
  // The form holds at least these fields (T extends SenderFormPart); react-hook-form's path types
  // cannot see that through a generic, so the section speaks to it as a form of just these fields.
  const form = typed as unknown as UseFormReturn<SenderFormPart>;
  const id = useId();
  const intl = useIntl();
  const { errors } = form.formState;
  const sender = errors.sender_data;
  // As a field's error (FieldFrame.tsx): a rule's message worded, and one set off by a press shows once the click is over.
  const kindError = useHeldWhilePressed(wordRule(intl, errors.sender_type?.message));
  const confirmError = useHeldWhilePressed(wordRule(intl, errors.sender_left_out_confirmed?.message));
  // Optional for both kinds of sender (spec 2.6): the same field under either.
  const typedEmail = useWatch({ control: form.control, name: 'sender_data.email' });
  const email = (
    <EmailField
      label={intl.formatMessage({ id: 'components.sender.email' })}
      value={typedEmail}
      error={sender?.email?.message}
      registration={form.register('sender_data.email')}
      onUse={(address) => form.setValue('sender_data.email', address, { shouldValidate: true, shouldDirty: true })}
    />
  );
  return (
    <fieldset className="panel form-section sender-section" aria-describedby={`${id}-about`}>
      <legend>
        <FormattedMessage id="components.sender.legend" />
      </legend>
      <p className="field-hint" id={`${id}-about`}>
        {about}
      </p>
      <div className="choice-group" role="radiogroup" aria-label={intl.formatMessage({ id: 'components.sender.group' })} aria-describedby={kindError ? `${id}-kind-error` : undefined}>
        {leaveOut && (
          <label className="choice">
            <input type="radio" value="" {...form.register('sender_type')} />
            <span>
              <FormattedMessage id="components.sender.leaveOut" />
            </span>
          </label>
        )}
        <label className="choice">
          <input type="radio" value="natural" {...form.register('sender_type')} />
          <span>
            <FormattedMessage id="components.sender.natural" />
          </span>
        </label>
        <label className="choice">
          <input type="radio" value="legal" {...form.register('sender_type')} />
          <span>
            <FormattedMessage id="components.sender.legal" />
          </span>
        </label>
      </div>
      <p className="field-error" id={`${id}-kind-error`} role={kindError ? 'alert' : undefined}>
        {kindError}
      </p>

      {senderType === '' && leaveOut?.confirm && (
        <div className="sender-left-out">
          <p>
            <FormattedMessage id="components.sender.leftOut" />
          </p>
          <label className="choice">
            <input
              type="checkbox"
              aria-invalid={confirmError ? true : undefined}
              aria-describedby={confirmError ? `${id}-confirm-error` : undefined}
              {...form.register('sender_left_out_confirmed')}
            />
            <span>
              <FormattedMessage id="components.sender.confirmLeftOut" />
            </span>
          </label>
          <p className="field-error" id={`${id}-confirm-error`}>
            {confirmError}
          </p>
        </div>
      )}

      {(senderType === 'natural' || senderType === 'legal') && (
        <PartyFields form={form} at="sender_data" kind={senderType}>
          {email}
        </PartyFields>
      )}
    </fieldset>
  );
}
