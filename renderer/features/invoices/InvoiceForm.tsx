import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { InvoiceCreateRequest } from '../../../shared/api/invoice.ts';
import type { Pair } from '../../../shared/api/pair.ts';
import { formatAmount } from '../../../shared/locale/index.ts';
import { AmountField } from '../../components/AmountField.tsx';
import { announce } from '../../components/announce.ts';
import { EmailField } from '../../components/EmailField.tsx';
import { HintWithWarning } from '../../components/HintWithWarning.tsx';
import { TextField } from '../../components/TextField.tsx';
import { TextAreaField } from '../../components/TextAreaField.tsx';
import { CurrencyField, typedCodeField } from '../../components/currency/CurrencyField.tsx';
import { SenderSection } from '../../components/sender/SenderSection.tsx';
import { ReferenceFields } from '../../components/submission/ReferenceFields.tsx';
import { SubmitRow } from '../../components/submission/SubmitRow.tsx';
import { useSubmission } from '../../components/submission/use-submission.ts';
import { amountPlaces, currencyOptions, paymentCurrencies } from './currencies.ts';
import { useInvoiceDraft } from './draft.ts';
import { useCreateInvoice } from './use-invoices.ts';
import type { InvoiceFormValues } from './invoice-form-schema.ts';
import { formFieldOf, inFormWords, invoiceFormSchema, senderRequired } from './invoice-form-schema.ts';
import { TypeAndTimer } from './TypeAndTimer.tsx';

type Props = {
  pairs: readonly Pair[];
  /** The currencies may be typed: the pairs list is stale, incomplete or missing. */
  typing: boolean;
  initial: InvoiceFormValues;
  /** Set when the form was started from a created invoice: the title takes the focus. */
  focusTitle: boolean;
  /** The window's language: the amount is typed in its form or the plain one (shared/locale/parse-amount.ts). */
  locale: string;
};

/**
 * The invoice form. Rules come from the shared request schema (invoice-form-schema.ts) and show when a field
 * is left; the service's field errors land on the field they name. Submit is disabled while a
 * request is in flight, and a second submit before the first has settled is ignored, so a double
 * click sends one request.
 */
export function InvoiceForm({ pairs, typing, initial, focusTitle, locale }: Props) {
  const options = useMemo(() => currencyOptions(pairs), [pairs]);
  const schema = useMemo(() => invoiceFormSchema((currency) => amountPlaces(options, currency), typing, locale), [options, typing, locale]);
  const form = useForm<InvoiceFormValues, unknown, InvoiceCreateRequest>({
    resolver: zodResolver(schema),
    defaultValues: initial,
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const values = useWatch({ control: form.control }) as InvoiceFormValues;
  const draft = useInvoiceDraft();
  const createInvoice = useCreateInvoice();
  const onSubmit = useSubmission({
    form,
    draft,
    fieldOf: formFieldOf,
    words: inFormWords,
    make: async (request) => {
      const answer = await createInvoice.mutateAsync(request);
      announce(`Invoice ${answer.invoice.id} created, status ${answer.invoice.status}`);
      return { ...answer, request, values: form.getValues() };
    },
  });

  useEffect(() => {
    if (focusTitle) form.setFocus('title');
  }, [focusTitle, form]);

  const payIn = useMemo(() => paymentCurrencies(pairs, values.currency), [pairs, values.currency]);
  const places = amountPlaces(options, values.currency);
  const required = senderRequired(values, typing);

  return (
    <form className="invoice-form" aria-label="New invoice" noValidate onSubmit={onSubmit}>
      <div className="form-columns">
        <fieldset className="panel form-section">
          <legend>Invoice</legend>
          <TextField
            label="Title"
            autoComplete="off"
            hint={<HintWithWarning note={`${values.title.length} / 50 characters, shown to the customer`} />}
            error={errors.title?.message}
            {...form.register('title')}
          />
          <TextAreaField
            label="Description (optional)"
            rows={3}
            hint={<HintWithWarning note={`${values.description.length} / 1000 characters, shown to the customer`} />}
            error={errors.description?.message}
            {...form.register('description')}
          />
          <div className="invoice-grid">
            <AmountField
              label="Amount"
              locale={locale}
              text={values.amount}
              note={`In ${values.currency || 'the invoice currency'}, up to ${places} decimal places: ${formatAmount('1234.56', locale)} or 1234.56.`}
              error={errors.amount?.message}
              registration={form.register('amount')}
            />
            <CurrencyField
              label="Currency"
              hint="Deposits are received in this currency."
              error={errors.currency?.message}
              typing={typing}
              codes={options.map((o) => o.code)}
              current={values.currency}
              registration={form.register(
                'currency',
                // A typed payment currency is the person's own choice: a change of the invoice currency keeps it.
                typing
                  ? typedCodeField
                  : {
                      onChange: (event: { target: { value: string } }) => {
                        if (!paymentCurrencies(pairs, event.target.value).includes(form.getValues('sender_currency'))) {
                          form.setValue('sender_currency', '');
                        }
                      },
                    },
              )}
            >
              <optgroup label="Fiat">
                {options.filter((o) => o.kind === 'fiat').map((o) => (
                  <option key={o.code} value={o.code}>
                    {o.code}
                  </option>
                ))}
              </optgroup>
              <optgroup label="Crypto">
                {options.filter((o) => o.kind !== 'fiat').map((o) => (
                  <option key={o.code} value={o.code}>
                    {o.code}
                  </option>
                ))}
              </optgroup>
            </CurrencyField>
          </div>
          <CurrencyField
            label="Payment currency (optional)"
            hint={
              typing
                ? 'A crypto currency code, such as BTC, fixes what the customer pays in; leave it empty to let the customer choose.'
                : payIn.length === 0
                  ? `No crypto currency exchanges into ${values.currency}; the customer pays in ${values.currency}.`
                  : 'Fixes the crypto currency the customer pays in; with the timer on, the rate is fixed at creation.'
            }
            error={errors.sender_currency?.message}
            typing={typing}
            codes={payIn}
            current={values.sender_currency}
            registration={form.register('sender_currency', typing ? typedCodeField : {})}
          >
            <option value="">Customer chooses on the payment page</option>
            {payIn.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </CurrencyField>
          <TypeAndTimer form={form} />
        </fieldset>

        <fieldset className="panel form-section">
          <legend>Customer and references</legend>
          <EmailField
            label="Customer e-mail"
            value={values.email_user}
            note="Gets refund instructions if the customer pays a different amount."
            error={errors.email_user?.message}
            registration={form.register('email_user')}
            onUse={(address) => form.setValue('email_user', address, { shouldValidate: true, shouldDirty: true })}
          />
          <ReferenceFields form={form} what="invoice" prefix="inv" />
          <TextField
            label="Success URL"
            type="url"
            autoComplete="off"
            spellCheck={false}
            hint="Where the customer goes after paying: https:// and a domain name, such as https://shop.example.com/paid."
            error={errors.url_success?.message}
            {...form.register('url_success')}
          />
          <TextField
            label="Failure URL"
            type="url"
            autoComplete="off"
            spellCheck={false}
            hint="Where the customer goes when the payment fails: https:// and a domain name, such as https://shop.example.com/not-paid."
            error={errors.url_failed?.message}
            {...form.register('url_failed')}
          />
        </fieldset>
      </div>

      <SenderSection
        form={form}
        senderType={values.sender_type}
        about={
          required
            ? 'Required: this invoice has a timer and a fixed payment currency, so the service needs the sender now.'
            : 'Who pays, as EU anti-money-laundering rules require. You may leave it out: the customer is then asked for it on the payment page.'
        }
        leaveOut={{ confirm: !required }}
      />

      <SubmitRow
        what="invoice"
        unknown={draft.unknown}
        error={errors.root?.server?.message}
        sending={isSubmitting || createInvoice.isPending}
        label="Create invoice"
        sendingLabel="Creating…"
      />
    </form>
  );
}
