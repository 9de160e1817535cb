import { formatDecimal, isWireDecimal } from '../../shared/money/decimal.ts';
import { currencyPlaces, decimalAtPlaces } from '../../shared/money/precision.ts';

type Props = {
  value: string | null | undefined;
  /** The currency's code, written after the amount; it also gives the places the amount is shown at. */
  currency?: string | null | undefined;
  /** The places to show, when the currency is not written after it (a table's own column says it), or known better (its kind). */
  places?: number | undefined;
};

/**
 * An amount as the service sent it, written at its currency's places (shared/money/precision.ts):
 * padded with zeros, or trailing zeros past the places dropped, never a digit rounded or cut. The
 * integer part is grouped. `data-exact` keeps the text exactly as sent. Text that is not a plain
 * decimal is shown as received and flagged (docs/service-interface.md, "Types seen in the wild": a
 * tolerant client shows what it got and says it looks wrong).
 */
export function Amount({ value, currency, places }: Props) {
  if (value === null || value === undefined || value === '') return <span className="muted">none</span>;
  if (!isWireDecimal(value)) {
    return (
      <span className="amount amount-odd" title="This does not look like an amount; shown exactly as received">
        {value} <span className="muted">(looks wrong)</span>
      </span>
    );
  }
  const at = places ?? (currency ? currencyPlaces(currency) : undefined);
  const shown = at === undefined ? value : decimalAtPlaces(value, at);
  return (
    <span className="amount" data-exact={value} title={shown === value ? undefined : `Sent as ${value}`}>
      {formatDecimal(shown)}
      {currency ? ` ${currency}` : ''}
    </span>
  );
}
