import { ScreenHeading } from '../../app/ui/ScreenHeading.tsx';
import { ErrorMessage, Loading } from '../../app/ui/States.tsx';
import { appErrorOf } from '../../bridge.ts';
import { currencyOptions } from './currencies.ts';
import { useInvoiceDraft } from './draft.ts';
import { InvoiceForm } from './InvoiceForm.tsx';
import { blankInvoiceForm, likeThis } from './invoiceForm.ts';
import { InvoiceResult } from './InvoiceResult.tsx';
import { usePairs } from '../pairs/usePairs.ts';
import './invoices.css';

/** New invoice (spec 4.4): the form, then the created invoice with its payment URL and QR code. */
export function InvoicesScreen() {
  const pairs = usePairs();
  const { values, created, formKey, startForm } = useInvoiceDraft();

  const body = () => {
    if (created) {
      return <InvoiceResult created={created} onLikeThis={() => startForm(likeThis(created.values))} onNew={() => startForm(null)} />;
    }
    if (pairs.isPending) return <Loading what="currencies" />;
    if (pairs.isError) return <ErrorMessage error={appErrorOf(pairs.error)} retry={() => void pairs.refetch()} />;
    const options = currencyOptions(pairs.data.pairs);
    const fallback = options.find((o) => o.code === 'EUR')?.code ?? options[0]?.code ?? '';
    return <InvoiceForm key={formKey} pairs={pairs.data.pairs} initial={values ?? blankInvoiceForm(fallback)} focusTitle={formKey > 0} />;
  };

  return (
    <section className="screen invoices-screen" aria-labelledby="screen-title">
      <ScreenHeading>New invoice</ScreenHeading>
      <p className="lead">
        An invoice is a payment page for one customer. Fill it in, create it, then send the customer the payment URL or
        let them scan the QR code.
      </p>
      {body()}
    </section>
  );
}
