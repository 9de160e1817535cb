import { FormattedMessage, useIntl } from 'react-intl';
import { ScreenHeading } from '../../components/ScreenHeading.tsx';
import { Loading } from '../../components/States.tsx';
import { useFormatLocale } from '../../components/locale.ts';
import { CurrencyNotice } from '../../components/currency/CurrencyNotice.tsx';
import { useCurrencySource } from '../../components/currency/use-currency-source.ts';
import { useHandover } from '../../navigation/use-handover.ts';
import { currencyOptions } from './currencies.ts';
import { useInvoiceDraft } from './draft.ts';
import { invoiceFormFromJournal } from './from-journal.ts';
import { InvoiceForm } from './InvoiceForm.tsx';
import { blankInvoiceForm, likeThis } from './invoice-form-schema.ts';
import { InvoiceResult } from './InvoiceResult.tsx';
import './invoices.css';

/**
 * New invoice (spec 4.4): the form, then the created invoice with its payment URL and QR code. The
 * currencies come from the pairs list, but an invoice does not depend on it: with a stale
 * or missing list the form still works, and a currency code can be typed.
 */
export function InvoicesScreen() {
  const currencies = useCurrencySource();
  const { values, made: created, formKey, startForm } = useInvoiceDraft();
  const locale = useFormatLocale();
  const intl = useIntl();
  // "New invoice like this" from History: the form starts again from the recorded request.
  useHandover(
    (state) => state.pendingInvoice,
    (state) => state.takeInvoiceTemplate(),
    (template) => startForm(invoiceFormFromJournal(template, new Date(), locale)),
  );

  const body = () => {
    if (created) {
      return <InvoiceResult created={created} onLikeThis={() => startForm(likeThis(created.values))} onNew={() => startForm(null)} />;
    }
    if (currencies.pending) return <Loading what={intl.formatMessage({ id: 'invoices.loading.currencies' })} />;
    const { pairs, typing, notice } = currencies.source;
    const options = currencyOptions(pairs);
    const fallback = options.find((o) => o.code === 'EUR')?.code ?? options[0]?.code ?? '';
    return (
      <>
        <CurrencyNotice notice={notice} retry={currencies.retry} retrying={currencies.retrying} />
        <InvoiceForm key={formKey} pairs={pairs} typing={typing} initial={values ?? blankInvoiceForm(fallback)} focusTitle={formKey > 0} locale={locale} />
      </>
    );
  };

  return (
    <section className="screen invoices-screen" aria-labelledby="screen-title">
      <ScreenHeading>
        <FormattedMessage id="invoices.title" />
      </ScreenHeading>
      <p className="lead">
        <FormattedMessage id="invoices.lead" />
      </p>
      {body()}
    </section>
  );
}
