import { FormattedMessage, useIntl } from 'react-intl';
import { ScreenHeading } from '../../components/ScreenHeading.tsx';
import { Empty, Loading } from '../../components/States.tsx';
import { CurrencyNotice } from '../../components/currency/CurrencyNotice.tsx';
import { useCurrencySource } from '../../components/currency/use-currency-source.ts';
import { depositCurrencies } from './address-currencies.ts';
import { AddressForm } from './AddressForm.tsx';
import { blankAddressForm } from './address-form-schema.ts';
import { AddressResult } from './AddressResult.tsx';
import { useAddressDraft } from './draft.ts';
import './addresses.css';

/**
 * Deposit address (docs/service-interface.md, "addresses/take"): a permanent address for one
 * customer to pay into, optionally converted on arrival, without the service's back office. The
 * currencies come from the pairs list, but the form does not depend on it: with a stale
 * or missing list a code can be typed.
 */
export function AddressesScreen() {
  const intl = useIntl();
  const currencies = useCurrencySource();
  const { values, made: taken, formKey, startForm } = useAddressDraft();

  const body = () => {
    if (taken) return <AddressResult taken={taken} onNew={() => startForm(null)} />;
    if (currencies.pending) return <Loading what={intl.formatMessage({ id: 'addresses.loading.currencies' })} />;
    const { pairs, typing, notice } = currencies.source;
    const codes = depositCurrencies(pairs);
    if (!typing && codes.length === 0) {
      return (
        <Empty>
          <FormattedMessage id="addresses.noCurrency" />
        </Empty>
      );
    }
    const fallback = codes.includes('BTC') ? 'BTC' : (codes[0] ?? '');
    return (
      <>
        <CurrencyNotice notice={notice} retry={currencies.retry} retrying={currencies.retrying} />
        <AddressForm key={formKey} pairs={pairs} currencies={codes} typing={typing} initial={values ?? blankAddressForm(fallback)} />
      </>
    );
  };

  return (
    <section className="screen addresses-screen" aria-labelledby="screen-title">
      <ScreenHeading>
        <FormattedMessage id="addresses.title" />
      </ScreenHeading>
      <p className="lead">
        <FormattedMessage id="addresses.lead" />
      </p>
      {body()}
    </section>
  );
}
