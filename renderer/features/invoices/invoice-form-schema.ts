import { z } from 'zod';
import { invoiceCreateRequest } from '../../../shared/api/invoice.ts';
import type { InvoiceCreateRequest } from '../../../shared/api/invoice.ts';
import { readRuleMessage, ruleMessage } from '../../../shared/i18n/index.ts';
import { parseAmount } from '../../../shared/locale/index.ts';
import { placesProblem } from '../../../shared/money/precision.ts';
import { codeShapeProblem } from '../../components/currency/currency-source.ts';
import { newForeignId } from '../../../shared/submission/foreign-id.ts';
import { EMPTY_SENDER, senderFieldOf, senderPartOf } from '../../components/sender/sender-fields.ts';
import type { SenderFields, SenderFormPart } from '../../components/sender/sender-fields.ts';

/**
 * The invoice form's values and how they become an invoices.create request. Every rule of spec 4.4
 * is checked by the shared request schema (shared/api/invoice.ts), which this module runs on the
 * request it builds; only two rules belong to the form itself: the currency's decimal places, and
 * the confirmation that the customer will be asked for the sender data (rule 3).
 */

export type InvoiceType = NonNullable<InvoiceCreateRequest['type']>;

/** Field names follow the spec's, so the service's field errors land on the field they name. */
export type InvoiceFormValues = {
  title: string;
  description: string;
  foreign_id: string;
  end_user_reference: string;
  currency: string;
  /** Empty: the customer chooses the payment currency on the payment page. */
  sender_currency: string;
  amount: string;
  type: InvoiceType;
  timer: boolean;
  url_success: string;
  url_failed: string;
  email_user: string;
  /** Empty: no sender data is sent (rule 3: the customer is asked for it on the payment page). */
  sender_type: SenderFormPart['sender_type'];
  sender_data: SenderFields;
  /** The person's "yes, let the customer enter the sender data" when none is given. */
  sender_left_out_confirmed: boolean;
};

export function blankInvoiceForm(currency: string, now: Date = new Date()): InvoiceFormValues {
  return {
    title: '',
    description: '',
    foreign_id: newForeignId('inv', now),
    end_user_reference: '',
    currency,
    sender_currency: '',
    amount: '',
    type: 'fill_or_kill',
    timer: false,
    url_success: '',
    url_failed: '',
    email_user: '',
    sender_type: '',
    sender_data: { ...EMPTY_SENDER },
    sender_left_out_confirmed: false,
  };
}

/**
 * "New invoice like this" from the invoice just created: its values again, as History's copy
 * gives them (from-journal.ts). A fresh foreign_id, as it must be unique; no personal data, as the
 * next invoice is most likely for another customer: the customer e-mail and the sender's details
 * are entered again, only the kind of sender is kept; and leaving the sender out is confirmed again.
 */
export function likeThis(values: InvoiceFormValues, now: Date = new Date()): InvoiceFormValues {
  return {
    ...values,
    foreign_id: newForeignId('inv', now),
    email_user: '',
    sender_data: { ...EMPTY_SENDER },
    sender_left_out_confirmed: false,
  };
}

/**
 * Whether the payment currency is one the request can carry: any chosen from the list, and a typed
 * one once it has a code's whole shape. A code still being typed ("B") is not sent, so it fixes
 * nothing yet: it is reported by its shape alone.
 */
export function paymentCurrencyFixed(values: Pick<InvoiceFormValues, 'sender_currency'>, typedCodes: boolean): boolean {
  return values.sender_currency !== '' && !(typedCodes && codeShapeProblem(values.sender_currency));
}

/**
 * Rule 2 of 4.4: with a timer and a payment currency, sender data cannot be left out. The rule
 * speaks of the request, so it holds for a payment currency the request would carry, not for the
 * first letters of one: typing BTC must not take the "leave out" choice away at its B.
 */
export function senderRequired(values: Pick<InvoiceFormValues, 'timer' | 'sender_currency'>, typedCodes: boolean): boolean {
  return values.timer && paymentCurrencyFixed(values, typedCodes);
}

/** The request as the contract takes it: empty optional fields left out, sender data of the chosen kind only. */
export function toRequest(values: InvoiceFormValues): InvoiceCreateRequest {
  return {
    timer: values.timer,
    title: values.title,
    foreign_id: values.foreign_id,
    currency: values.currency,
    amount: values.amount,
    url_success: values.url_success,
    url_failed: values.url_failed,
    email_user: values.email_user,
    type: values.type,
    end_user_reference: values.end_user_reference,
    ...(values.description === '' ? {} : { description: values.description }),
    ...(values.sender_currency === '' ? {} : { sender_currency: values.sender_currency }),
    ...senderPartOf(values),
  };
}

/**
 * The resolver's schema: the form's values in, the checked request out. `placesOf` gives the decimal
 * places a currency takes (crypto 8, fiat 2: currencies.ts). `typedCodes`: the currencies were typed
 * rather than chosen from the pairs list (it may be stale or missing), so their shape is checked here.
 * `locale`: the window's language, whose form of an amount is read besides the plain one. Every
 * message is a rule's (shared/i18n/rule-message.ts), worded where the field shows it.
 */
export function invoiceFormSchema(placesOf: (currency: string) => number, typedCodes = false, locale = 'en') {
  return z.custom<InvoiceFormValues>().transform((values, ctx) => {
    const failed = new Set<string>();
    // The amount is typed in the window's language or the plain form; what the request carries is the
    // exact decimal read from it ("1.234,56" in German is 1234.56), or, when it cannot be read, a
    // stand-in that lets the request schema check everything else.
    const reading = parseAmount(values.amount, locale);
    if (!reading.ok) {
      failed.add('amount');
      ctx.addIssue({ code: 'custom', path: ['amount'], message: reading.reason.message });
    }
    const read = { ...values, amount: reading.ok ? reading.decimal : '1' };
    // Likewise a payment currency still being typed: its shape is reported below, and the shared
    // rules see the request without it, as rule 2 does not apply to it yet (senderRequired).
    const request = toRequest(paymentCurrencyFixed(values, typedCodes) ? read : { ...read, sender_currency: '' });
    const parsed = invoiceCreateRequest.safeParse(request);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.');
        if (failed.has(path)) continue;
        failed.add(path);
        ctx.addIssue({ code: 'custom', path: issue.path.map(String), message: issue.message });
      }
    }
    const tooPrecise = !failed.has('amount') && reading.ok ? placesProblem(reading.decimal, values.currency, placesOf(values.currency)) : null;
    if (tooPrecise !== null) ctx.addIssue({ code: 'custom', path: ['amount'], message: tooPrecise });
    for (const field of typedCodes ? (['currency', 'sender_currency'] as const) : []) {
      const problem = failed.has(field) ? null : codeShapeProblem(values[field]);
      if (problem) ctx.addIssue({ code: 'custom', path: [field], message: problem });
    }
    if (values.sender_type === '' && !senderRequired(values, typedCodes) && !values.sender_left_out_confirmed) {
      ctx.addIssue({
        code: 'custom',
        path: ['sender_left_out_confirmed'],
        message: ruleMessage('invoices.form.confirmLeftOut'),
      });
    }
    return parsed.success && reading.ok ? parsed.data : z.NEVER;
  });
}

export type InvoiceFormSchema = ReturnType<typeof invoiceFormSchema>;

const TOP_FIELDS = [
  'title',
  'description',
  'foreign_id',
  'end_user_reference',
  'currency',
  'sender_currency',
  'amount',
  'type',
  'timer',
  'url_success',
  'url_failed',
  'email_user',
  'sender_type',
] as const;

export type InvoiceFieldPath = (typeof TOP_FIELDS)[number] | `sender_data.${keyof SenderFields}`;

/**
 * The form field a service or router field name belongs to ("foreign_id", "sender_data.first_name",
 * "sender_data" as a whole goes to the sender kind), or null when the form has no such field.
 */
export function formFieldOf(name: string): InvoiceFieldPath | null {
  const [head = '', rest] = name.split(/\.(.*)/s);
  if (head === 'sender_data') return senderFieldOf(rest);
  return (TOP_FIELDS as readonly string[]).includes(head) ? (head as InvoiceFieldPath) : null;
}

/**
 * The service's words for a refusal in the form's: what the service calls the sender currency
 * (sender_currency) is the field labelled "Payment currency" here, so a message says so, one name
 * for one thing.
 */
export function inFormWords(message: string): string {
  // A rule's message is worded where it is shown, in the catalogue's words (shared/i18n/rule-message.ts).
  if (readRuleMessage(message) !== null) return message;
  return message.replace(/\bsender[ _]currency\b/gi, 'payment currency');
}
