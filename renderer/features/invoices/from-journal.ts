import { INVOICE_TYPES } from '../../../shared/api/invoice.ts';
import { SENDER_TYPES } from '../../../shared/api/sender.ts';
import { amountForInput } from '../../../shared/locale/index.ts';
import type { SenderType } from '../../../shared/api/sender.ts';
import { newForeignId } from '../../../shared/submission/foreign-id.ts';
import { EMPTY_SENDER } from '../../components/sender/sender-fields.ts';
import type { InvoiceFormValues, InvoiceType } from './invoice-form-schema.ts';

/**
 * "New invoice like this" from a History entry (handed over by navigation/screens.ts): the invoice
 * request the journal recorded, back into the form's values. The journal keeps no personal data
 * (electron/platform/journal/tracking.ts), so the customer e-mail and the sender's details come back empty
 * and must be entered again (NOT_RECORDED); the kind of sender is kept, so the form asks for the
 * right fields. The foreign_id is always a new one: it must be unique (spec 4.4), and reusing the old
 * one would only make the service refuse a duplicate.
 */

/** Recorded values are JSON: text as text, and an amount that was ever a bare number as its digits. */
function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return '';
}

function oneOf<T extends string>(allowed: readonly T[], value: unknown, fallback: T): T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/**
 * `locale`: the window's language. The recorded amount is the plain decimal that was sent; it goes
 * back into the field in the locale's own form ("1.500" BTC is "1,500" in German), which reads back
 * as the same decimal, where the plain form might be ambiguous there (shared/locale/parse-amount.ts).
 */
export function invoiceFormFromJournal(request: Record<string, unknown>, now: Date = new Date(), locale = 'en'): InvoiceFormValues {
  return {
    title: text(request.title),
    description: text(request.description),
    foreign_id: newForeignId('inv', now),
    end_user_reference: text(request.end_user_reference),
    currency: text(request.currency),
    sender_currency: text(request.sender_currency),
    amount: amountForInput(text(request.amount), locale),
    type: oneOf<InvoiceType>(INVOICE_TYPES, request.type, 'fill_or_kill'),
    timer: request.timer === true,
    url_success: text(request.url_success),
    url_failed: text(request.url_failed),
    // Never recorded (personal data): the person enters it again.
    email_user: '',
    sender_type: oneOf<SenderType | ''>(SENDER_TYPES, request.sender_type, ''),
    sender_data: { ...EMPTY_SENDER },
    // Leaving the sender data out is a decision the person makes again, each time.
    sender_left_out_confirmed: false,
  };
}
