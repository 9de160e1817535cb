import { FormattedMessage, useIntl } from 'react-intl';
import { decimalPlaces, isWireDecimal } from '../../shared/money/decimal.ts';
import { currencyPlaces, decimalAtPlaces } from '../../shared/money/precision.ts';
import { formatAmount } from '../../shared/locale/format-amount.ts';
import { SPACE, useFormatLocale } from './locale.ts';

type Props = {
  value: string | null | undefined;
  /** The currency's code, written after the amount; it also gives the places the amount is shown at. */
  currency?: string | null | undefined;
  /** The places to show, when the currency is not written after it (a table's own column says it), or known better (its kind). */
  places?: number | undefined;
};

/**
 * An amount as the service sent it, written in the window's regional formats (shared/locale's
 * formatAmount: "1.234,56" in German) at its currency's places (shared/money/precision.ts): padded
 * with zeros, or trailing zeros past the places dropped, never a digit rounded or cut, never through
 * a float. Without places every decimal it was sent with is kept. `data-exact` keeps the text
 * exactly as sent. Text that is not a plain decimal is shown as received and flagged
 * (docs/service-interface.md, "Types seen in the wild": a tolerant client shows what it got and says it looks wrong).
 */
export function Amount({ value, currency, places }: Props) {
  const intl = useIntl();
  const locale = useFormatLocale();
  if (value === null || value === undefined || value === '') {
    return (
      <span className="muted">
        <FormattedMessage id="components.amount.none" />
      </span>
    );
  }
  if (!isWireDecimal(value)) {
    return (
      <span className="amount amount-odd" title={intl.formatMessage({ id: 'components.amount.oddTitle' })}>
        {value}
        {SPACE}
        <span className="muted">
          <FormattedMessage id="components.amount.odd" />
        </span>
      </span>
    );
  }
  const at = places ?? (currency ? currencyPlaces(currency) : undefined);
  const changed = at !== undefined && decimalAtPlaces(value, at) !== value;
  return (
    <span className="amount" data-exact={value} title={changed ? intl.formatMessage({ id: 'components.amount.sentAs' }, { value }) : undefined}>
      {formatAmount(value, locale, { minDecimals: at ?? decimalPlaces(value) })}
      {currency ? SPACE : null}
      {currency}
    </span>
  );
}
