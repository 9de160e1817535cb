import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AddressTakeRequest } from '../../../shared/api/address.ts';
import type { Pair } from '../../../shared/api/pair.ts';
import { announce } from '../../components/announce.ts';
import type { Made } from '../../components/submission/made-words.ts';
import { CurrencyField, typedCodeField } from '../../components/currency/CurrencyField.tsx';
import { SenderSection } from '../../components/sender/SenderSection.tsx';
import { ReferenceFields } from '../../components/submission/ReferenceFields.tsx';
import { SubmitRow } from '../../components/submission/SubmitRow.tsx';
import { useSubmission } from '../../components/submission/use-submission.ts';
import { conversionsFrom } from './address-currencies.ts';
import type { AddressFormValues } from './address-form-schema.ts';
import { addressFormSchema, formFieldOf } from './address-form-schema.ts';
import { useAddressDraft } from './draft.ts';
import { useTakeAddress } from './use-take-address.ts';

/** What the shared references and submit row are about: a code they word, not a word of this screen. */
const MADE: Made = 'deposit address';

type Props = {
  pairs: readonly Pair[];
  /** The crypto currencies of `pairs` a deposit can be taken in (depositCurrencies, worked out by the screen). */
  currencies: readonly string[];
  /** The currencies may be typed: the pairs list is stale, incomplete or missing. */
  typing: boolean;
  initial: AddressFormValues;
};

/**
 * The deposit address form (docs/service-interface.md, "addresses/take"). As the invoice form: the
 * shared schema's rules show when a field is left, the service's field errors land on the field they
 * name, and one click sends one request (the submit guard, and the button disabled while sending).
 */
export function AddressForm({ pairs, currencies, typing, initial }: Props) {
  const intl = useIntl();
  const schema = useMemo(() => addressFormSchema(typing), [typing]);
  const form = useForm<AddressFormValues, unknown, AddressTakeRequest>({
    resolver: zodResolver(schema),
    defaultValues: initial,
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const values = useWatch({ control: form.control }) as AddressFormValues;
  const draft = useAddressDraft();
  const take = useTakeAddress();
  const onSubmit = useSubmission({
    form,
    draft,
    fieldOf: formFieldOf,
    make: async (request) => {
      const { address, receivedAt, journalId, sandboxPage } = await take.mutateAsync(request);
      announce(intl.formatMessage({ id: address.tag ? 'addresses.form.receivedWithTag' : 'addresses.form.received' }, { currency: address.currency }));
      return { address, request, receivedAt, journalId, sandboxPage };
    },
  });

  const conversions = useMemo(() => conversionsFrom(pairs, values.currency), [pairs, values.currency]);

  return (
    <form className="address-form" aria-label={intl.formatMessage({ id: 'addresses.form.label' })} noValidate onSubmit={onSubmit}>
      <div className="form-columns">
        <fieldset className="panel form-section">
          <legend>
            <FormattedMessage id="addresses.form.address" />
          </legend>
          <CurrencyField
            label={intl.formatMessage({ id: 'addresses.form.currency' })}
            hint={intl.formatMessage({ id: 'addresses.form.currency.hint' })}
            error={errors.currency?.message}
            typing={typing}
            codes={currencies}
            current={values.currency}
            registration={form.register(
              'currency',
              // A typed conversion is the person's own choice: a change of currency keeps it.
              typing
                ? typedCodeField
                : {
                    onChange: (event: { target: { value: string } }) => {
                      if (!conversionsFrom(pairs, event.target.value).includes(form.getValues('convert_to'))) form.setValue('convert_to', '');
                    },
                  },
            )}
          />
          <CurrencyField
            label={intl.formatMessage({ id: 'addresses.form.convertTo' })}
            hint={
              typing
                ? intl.formatMessage({ id: 'addresses.form.convertTo.hintTyped' })
                : conversions.length === 0
                  ? values.currency
                    ? intl.formatMessage({ id: 'addresses.form.convertTo.hintNone' }, { currency: values.currency })
                    : intl.formatMessage({ id: 'addresses.form.convertTo.hintNoneYet' })
                  : intl.formatMessage({ id: 'addresses.form.convertTo.hint' })
            }
            error={errors.convert_to?.message}
            typing={typing}
            codes={conversions}
            current={values.convert_to}
            registration={form.register('convert_to', typing ? typedCodeField : {})}
          >
            <option value="">{intl.formatMessage({ id: 'addresses.form.convertTo.none' })}</option>
            {conversions.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </CurrencyField>
        </fieldset>

        <fieldset className="panel form-section">
          <legend>
            <FormattedMessage id="addresses.form.customer" />
          </legend>
          <ReferenceFields form={form} what={MADE} prefix="addr" />
        </fieldset>
      </div>

      <SenderSection
        form={form}
        senderType={values.sender_type}
        about={intl.formatMessage({ id: 'addresses.form.senderAbout' })}
        leaveOut={null}
      />

      <SubmitRow
        what={MADE}
        unknown={draft.unknown}
        error={errors.root?.server?.message}
        sending={isSubmitting || take.isPending}
        label={intl.formatMessage({ id: 'addresses.form.submit' })}
        sendingLabel={intl.formatMessage({ id: 'addresses.form.sending' })}
      />
    </form>
  );
}
