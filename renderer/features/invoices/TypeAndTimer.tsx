import type { UseFormReturn } from 'react-hook-form';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../../shared/i18n/index.ts';
import type { InvoiceCreateRequest } from '../../../shared/api/invoice.ts';
import type { InvoiceFormValues, InvoiceType } from './invoice-form-schema.ts';

type Props = { form: UseFormReturn<InvoiceFormValues, unknown, InvoiceCreateRequest> };

/**
 * One line on each type (spec 4.4, and what the service does with an underpayment:
 * docs/service-interface.md, "States beyond the spec").
 */
const TYPES: { value: InvoiceType; label: MessageId; line: MessageId }[] = [
  { value: 'fill_or_kill', label: 'invoices.type.fillOrKill.label', line: 'invoices.type.fillOrKill.line' },
  { value: 'good_until_expired', label: 'invoices.type.goodUntilExpired.label', line: 'invoices.type.goodUntilExpired.line' },
];

/** The invoice type and the 15-minute timer. */
export function TypeAndTimer({ form }: Props) {
  return (
    <>
      <fieldset className="choice-fieldset">
        <legend>
          <FormattedMessage id="invoices.type.legend" />
        </legend>
        {TYPES.map((type) => (
          <label key={type.value} className="choice choice-described">
            <input type="radio" value={type.value} {...form.register('type')} />
            <span>
              <strong>
                <FormattedMessage id={type.label} />
              </strong>
              <span className="choice-line">
                <FormattedMessage id={type.line} />
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <label className="choice choice-described">
        <input type="checkbox" {...form.register('timer')} />
        <span>
          <strong>
            <FormattedMessage id="invoices.timer.label" />
          </strong>
          <span className="choice-line">
            <FormattedMessage id="invoices.timer.line" />
          </span>
        </span>
      </label>
    </>
  );
}
