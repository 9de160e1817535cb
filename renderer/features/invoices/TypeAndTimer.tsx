import type { UseFormReturn } from 'react-hook-form';
import type { InvoiceCreateRequest } from '../../../shared/api/invoice.ts';
import type { InvoiceFormValues, InvoiceType } from './invoice-form-schema.ts';

type Props = { form: UseFormReturn<InvoiceFormValues, unknown, InvoiceCreateRequest> };

/**
 * One line on each type (spec 4.4, and what the service does with an underpayment:
 * docs/service-interface.md, "States beyond the spec").
 */
const TYPES: { value: InvoiceType; label: string; line: string }[] = [
  { value: 'fill_or_kill', label: 'Fill or kill', line: 'Standard: paid in full in one payment, or it fails and the customer is refunded.' },
  { value: 'good_until_expired', label: 'Good until expired', line: 'Partial payments add up until the full amount is paid or the invoice expires.' },
];

/** The invoice type and the 15-minute timer. */
export function TypeAndTimer({ form }: Props) {
  return (
    <>
      <fieldset className="choice-fieldset">
        <legend>Type</legend>
        {TYPES.map((type) => (
          <label key={type.value} className="choice choice-described">
            <input type="radio" value={type.value} {...form.register('type')} />
            <span>
              <strong>{type.label}</strong>
              <span className="choice-line">{type.line}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <label className="choice choice-described">
        <input type="checkbox" {...form.register('timer')} />
        <span>
          <strong>Timer</strong>
          <span className="choice-line">The invoice expires 15 minutes after creation.</span>
        </span>
      </label>
    </>
  );
}
