import { decimalPlaces, isWireDecimal } from '../money/decimal.ts';
import { currencyPlaces } from '../money/precision.ts';

/** The most fraction digits Intl.NumberFormat takes. */
const INTL_MAX_FRACTION_DIGITS = 100;

export type FormatAmountOptions = {
  /** The fewest decimals to show (zeros are added): the currency's precision, where the caller knows it. */
  minDecimals?: number | undefined;
  /** The currency, for its precision (shared/money/precision.ts) when `minDecimals` is not given. */
  currency?: string | undefined;
  /** Group the thousands (the default); off for text put back into an input. */
  grouping?: boolean | undefined;
};

/**
 * `decimal` (a plain decimal string) written in the locale's own form: "1.234,56" in German. The
 * string itself goes to Intl.NumberFormat, which formats decimal strings exactly (no float on the
 * way), with the maximum decimals set to the string's own so that nothing is ever rounded: an amount
 * sent with more decimals than its currency takes keeps all of them ("231.94279333" EUR). The
 * currency's precision is the minimum: "5" EUR is "5,00". Zeros past that minimum are not written
 * ("1.50" with no minimum is "1,5"): the same value, no digit lost. Text that is not a plain
 * decimal is returned as it is.
 */
export function formatAmount(decimal: string, locale: string, options: FormatAmountOptions = {}): string {
  if (!isWireDecimal(decimal)) return decimal;
  const wanted = options.minDecimals ?? (options.currency ? currencyPlaces(options.currency) : 0);
  const own = decimalPlaces(decimal);
  if (own > INTL_MAX_FRACTION_DIGITS) return decimal;
  const min = Math.min(wanted, INTL_MAX_FRACTION_DIGITS);
  const format = new Intl.NumberFormat(locale, {
    minimumFractionDigits: min,
    maximumFractionDigits: Math.max(own, min),
    useGrouping: options.grouping === false ? false : 'auto',
  });
  return format.format(decimal as Intl.StringNumericLiteral);
}

/**
 * A decimal written to be put back into an amount input (a recorded invoice started again): the
 * locale's decimal separator, no groups, every digit as it is ("1234.50" is "1234,50" in German).
 * parseAmount reads it back as the same decimal in every locale, where the plain form might not be
 * ("1.500" is ambiguous in German). Text that is not a plain decimal is returned as it is.
 */
export function amountForInput(decimal: string, locale: string): string {
  return formatAmount(decimal, locale, { grouping: false, minDecimals: decimalPlaces(decimal) });
}
