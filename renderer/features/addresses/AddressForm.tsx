import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { AddressTakeRequest } from '../../../shared/api/address.ts';
import type { Pair } from '../../../shared/api/pair.ts';
import { announce } from '../../components/announce.ts';
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
      announce(`Deposit address for ${address.currency} received${address.tag ? ', with a tag that every payment must carry' : ''}`);
      return { address, request, receivedAt, journalId, sandboxPage };
    },
  });

  const conversions = useMemo(() => conversionsFrom(pairs, values.currency), [pairs, values.currency]);

  return (
    <form className="address-form" aria-label="New deposit address" noValidate onSubmit={onSubmit}>
      <div className="form-columns">
        <fieldset className="panel form-section">
          <legend>Address</legend>
          <CurrencyField
            label="Currency"
            hint="What the customer pays in: a crypto currency, such as BTC."
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
            label="Convert to (optional)"
            hint={
              typing
                ? 'A currency code, such as EUR, into which what arrives is exchanged; leave it empty to keep what arrives.'
                : conversions.length === 0
                  ? `Nothing is offered in exchange for ${values.currency || 'this currency'}: what arrives is kept as it is.`
                  : 'What arrives is exchanged into this currency on arrival, at the rate of that moment.'
            }
            error={errors.convert_to?.message}
            typing={typing}
            codes={conversions}
            current={values.convert_to}
            registration={form.register('convert_to', typing ? typedCodeField : {})}
          >
            <option value="">No conversion: keep what arrives</option>
            {conversions.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </CurrencyField>
        </fieldset>

        <fieldset className="panel form-section">
          <legend>Customer and references</legend>
          <ReferenceFields form={form} what="deposit address" prefix="addr" />
        </fieldset>
      </div>

      <SenderSection
        form={form}
        senderType={values.sender_type}
        about="Required: the service records who pays into each deposit address, as EU anti-money-laundering rules require."
        leaveOut={null}
      />

      <SubmitRow
        what="deposit address"
        unknown={draft.unknown}
        error={errors.root?.server?.message}
        sending={isSubmitting || take.isPending}
        label="Get deposit address"
        sendingLabel="Getting…"
      />
    </form>
  );
}
