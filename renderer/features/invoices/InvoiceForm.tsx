import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
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
import type { Made } from '../../components/submission/made-words.ts';
import { amountPlaces, currencyOptions, paymentCurrencies } from './currencies.ts';
import { useInvoiceDraft } from './draft.ts';
import { useCreateInvoice } from './use-invoices.ts';
import type { InvoiceFormValues } from './invoice-form-schema.ts';
import { formFieldOf, inFormWords, invoiceFormSchema, senderRequired } from './invoice-form-schema.ts';
import { TypeAndTimer } from './TypeAndTimer.tsx';

/** What the service makes under the foreign id: a code the shared notices word, not a word of this screen. */
const MADE: Made = 'invoice';

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
  const intl = useIntl();
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
      announce(intl.formatMessage({ id: 'invoices.form.createdAnnounce' }, { id: answer.invoice.id, status: answer.invoice.status }));
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
    <form className="invoice-form" aria-label={intl.formatMessage({ id: 'invoices.form.label' })} noValidate onSubmit={onSubmit}>
      <div className="form-columns">
        <fieldset className="panel form-section">
          <legend>
            <FormattedMessage id="invoices.form.invoice" />
          </legend>
          <TextField
            label={intl.formatMessage({ id: 'invoices.form.title' })}
            autoComplete="off"
            hint={<HintWithWarning note={intl.formatMessage({ id: 'invoices.form.titleCount' }, { count: values.title.length })} />}
            error={errors.title?.message}
            {...form.register('title')}
          />
          <TextAreaField
            label={intl.formatMessage({ id: 'invoices.form.description' })}
            rows={3}
            hint={<HintWithWarning note={intl.formatMessage({ id: 'invoices.form.descriptionCount' }, { count: values.description.length })} />}
            error={errors.description?.message}
            {...form.register('description')}
          />
          <div className="invoice-grid">
            <AmountField
              label={intl.formatMessage({ id: 'invoices.form.amount' })}
              locale={locale}
              text={values.amount}
              note={intl.formatMessage(
                { id: values.currency ? 'invoices.form.amountNote' : 'invoices.form.amountNoteNoCurrency' },
                { currency: values.currency, places, example: formatAmount('1234.56', locale) },
              )}
              error={errors.amount?.message}
              registration={form.register('amount')}
            />
            <CurrencyField
              label={intl.formatMessage({ id: 'invoices.form.currency' })}
              hint={intl.formatMessage({ id: 'invoices.form.currencyHint' })}
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
              <optgroup label={intl.formatMessage({ id: 'invoices.form.fiat' })}>
                {options.filter((o) => o.kind === 'fiat').map((o) => (
                  <option key={o.code} value={o.code}>
                    {o.code}
                  </option>
                ))}
              </optgroup>
              <optgroup label={intl.formatMessage({ id: 'invoices.form.crypto' })}>
                {options.filter((o) => o.kind !== 'fiat').map((o) => (
                  <option key={o.code} value={o.code}>
                    {o.code}
                  </option>
                ))}
              </optgroup>
            </CurrencyField>
          </div>
          <CurrencyField
            label={intl.formatMessage({ id: 'invoices.form.paymentCurrency' })}
            hint={intl.formatMessage(
              { id: typing ? 'invoices.form.paymentCurrencyTyped' : payIn.length === 0 ? 'invoices.form.paymentCurrencyNone' : 'invoices.form.paymentCurrencyHint' },
              { currency: values.currency },
            )}
            error={errors.sender_currency?.message}
            typing={typing}
            codes={payIn}
            current={values.sender_currency}
            registration={form.register('sender_currency', typing ? typedCodeField : {})}
          >
            <option value="">{intl.formatMessage({ id: 'invoices.form.customerChooses' })}</option>
            {payIn.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </CurrencyField>
          <TypeAndTimer form={form} />
        </fieldset>

        <fieldset className="panel form-section">
          <legend>
            <FormattedMessage id="invoices.form.customer" />
          </legend>
          <EmailField
            label={intl.formatMessage({ id: 'invoices.form.email' })}
            value={values.email_user}
            note={intl.formatMessage({ id: 'invoices.form.emailNote' })}
            error={errors.email_user?.message}
            registration={form.register('email_user')}
            onUse={(address) => form.setValue('email_user', address, { shouldValidate: true, shouldDirty: true })}
          />
          <ReferenceFields form={form} what={MADE} prefix="inv" />
          <TextField
            label={intl.formatMessage({ id: 'invoices.form.successUrl' })}
            type="url"
            autoComplete="off"
            spellCheck={false}
            hint={intl.formatMessage({ id: 'invoices.form.successUrlHint' })}
            error={errors.url_success?.message}
            {...form.register('url_success')}
          />
          <TextField
            label={intl.formatMessage({ id: 'invoices.form.failureUrl' })}
            type="url"
            autoComplete="off"
            spellCheck={false}
            hint={intl.formatMessage({ id: 'invoices.form.failureUrlHint' })}
            error={errors.url_failed?.message}
            {...form.register('url_failed')}
          />
        </fieldset>
      </div>

      <SenderSection
        form={form}
        senderType={values.sender_type}
        about={intl.formatMessage({ id: required ? 'invoices.form.senderRequired' : 'invoices.form.senderOptional' })}
        leaveOut={{ confirm: !required }}
      />

      <SubmitRow
        what={MADE}
        unknown={draft.unknown}
        error={errors.root?.server?.message}
        sending={isSubmitting || createInvoice.isPending}
        label={intl.formatMessage({ id: 'invoices.form.submit' })}
        sendingLabel={intl.formatMessage({ id: 'invoices.form.sending' })}
      />
    </form>
  );
}
