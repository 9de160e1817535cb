import { formatDecimal, isWireDecimal } from '../../shared/money/decimal.ts';

/**
 * An amount exactly as the service sent it: the integer part grouped, every fractional digit kept,
 * never rounded. Text that is not a plain decimal is shown as received and flagged (docs/service-interface.md,
 * "Types seen in the wild": a tolerant client shows what it got and says it looks wrong).
 */
export function Amount({ value, currency }: { value: string | null | undefined; currency?: string | null | undefined }) {
  if (value === null || value === undefined || value === '') return <span className="muted">none</span>;
  if (!isWireDecimal(value)) {
    return (
      <span className="amount amount-odd" title="This does not look like an amount; shown exactly as received">
        {value} <span className="muted">(looks wrong)</span>
      </span>
    );
  }
  return (
    <span className="amount" data-exact={value}>
      {formatDecimal(value)}
      {currency ? ` ${currency}` : ''}
    </span>
  );
}
