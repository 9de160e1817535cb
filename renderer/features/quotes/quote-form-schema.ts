import { z } from 'zod';
import type { QuoteRequest } from '../../../shared/api/quote.ts';
import { ruleMessage } from '../../../shared/i18n/index.ts';
import { quoteRequest } from '../../../shared/api/quote.ts';
import { parseAmount } from '../../../shared/locale/index.ts';
import { currencyPlaces, placesProblem } from '../../../shared/money/precision.ts';
import { codeShapeProblem } from '../../components/currency/currency-source.ts';

/**
 * The quote form: two currencies, which side the amount is on ("I send" or "I receive"), and one
 * amount field. One field for one side means the person cannot give both amounts, which the
 * service forbids (spec 4.2). Every rule comes from the shared request schema, so the screen and
 * main say the same words; only "the amount is empty" gets its own, plainer message, and the
 * amount's places are its currency's (shared/money/precision.ts: EUR takes 2, as on the invoice form).
 * The amount is typed in the window's regional form or the plain one (docs/amounts.md): the request
 * carries the exact decimal read ("1.234,56" in German is 1234.56), and text that reads two ways
 * ("1.234" in German) is refused with its reason, never guessed.
 */

/** The form's own message, a rule as the shared schema's, worded where the field shows it (FieldFrame). */
export const ENTER_AMOUNT = ruleMessage('quotes.form.enterAmount');

export const AMOUNT_SIDES = ['sender', 'receiver'] as const;
export type AmountSide = (typeof AMOUNT_SIDES)[number];

export type QuoteFormValues = {
  sender_currency: string;
  receiver_currency: string;
  side: AmountSide;
  amount: string;
};

export const FORM_FIELDS = ['sender_currency', 'receiver_currency', 'side', 'amount'] as const;
export type QuoteFormField = (typeof FORM_FIELDS)[number];
const CURRENCY_FIELDS = ['sender_currency', 'receiver_currency'] as const;

/** The currency the amount is in: the one sent, or the one received. */
export function amountCurrency(values: Pick<QuoteFormValues, 'side' | 'sender_currency' | 'receiver_currency'>): string {
  return values.side === 'sender' ? values.sender_currency : values.receiver_currency;
}

/** The request the form stands for; the amount goes on the chosen side only. */
export function toQuoteRequest(values: QuoteFormValues): QuoteRequest {
  const amount = values.amount.trim();
  return {
    sender_currency: values.sender_currency,
    receiver_currency: values.receiver_currency,
    ...(amount === '' ? {} : values.side === 'sender' ? { sender_amount: amount } : { receiver_amount: amount }),
  };
}

/** Which form field a request, router or service field name belongs to ("sender_amount" -> amount). */
export function formFieldOf(name: string): QuoteFormField | null {
  const head = name.split('.')[0] ?? '';
  if (head === 'sender_amount' || head === 'receiver_amount' || head === 'amount') return 'amount';
  if (head === 'sender_currency' || head === 'currency_from') return 'sender_currency';
  if (head === 'receiver_currency' || head === 'currency_to') return 'receiver_currency';
  return null;
}

/** The shape errors of typed currency codes, one per field. */
function typedCodeProblems(values: Pick<QuoteFormValues, (typeof CURRENCY_FIELDS)[number]>) {
  return CURRENCY_FIELDS.flatMap((field) => {
    const problem = codeShapeProblem(values[field]);
    return problem ? [{ field, problem }] : [];
  });
}

/** The typed amount's exact decimal in `locale`, or the text as typed where it does not read (the rules then say why). */
function decimalOf(text: string, locale: string): string {
  const reading = parseAmount(text, locale);
  return reading.ok ? reading.decimal : text.trim();
}

/** Places by code alone, where no pairs list says a currency's type. */
const placesByCode = (code: string) => currencyPlaces(code);

/**
 * `typedCodes`: the currencies were typed rather than chosen from the pairs list (it may be stale
 * or missing), so their shape is checked. `placesOf`: the places an amount in a currency takes.
 * `locale`: the window's regional formats, whose form of an amount is read besides the plain one.
 * Every message is a rule's, worded where the field shows it (FieldFrame).
 */
export const quoteFormSchemaFor = (typedCodes: boolean, placesOf: (code: string) => number = placesByCode, locale = 'en') =>
  z
    .object({
      sender_currency: z.string(),
      receiver_currency: z.string(),
      side: z.enum(AMOUNT_SIDES),
      amount: z.string().trim().min(1, ENTER_AMOUNT),
    })
    .superRefine((values, ctx) => {
      const shapeProblems = typedCodes ? typedCodeProblems(values) : [];
      for (const { field, problem } of shapeProblems) ctx.addIssue({ code: 'custom', path: [field], message: problem });
      const reading = values.amount.trim() === '' ? null : parseAmount(values.amount, locale);
      if (reading !== null && !reading.ok) ctx.addIssue({ code: 'custom', path: ['amount'], message: reading.reason.message });
      const amountSaid = values.amount.trim() === '' || (reading !== null && !reading.ok);
      const decimal = reading?.ok ? reading.decimal : values.amount;
      const checked = quoteRequest.safeParse(toQuoteRequest({ ...values, amount: decimal }));
      if (checked.success) {
        if (amountSaid) return;
        const code = amountCurrency(values);
        const problem = placesProblem(decimal, code, placesOf(code));
        if (problem) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
        return;
      }
      for (const issue of checked.error.issues) {
        const field = formFieldOf(String(issue.path[0] ?? ''));
        // An empty or unreadable amount already has its message; the schema's would repeat it.
        if (field === 'amount' && amountSaid) continue;
        // A code of the wrong shape has its message already.
        if (shapeProblems.some((shape) => shape.field === field)) continue;
        ctx.addIssue({ code: 'custom', path: [field ?? 'amount'], message: issue.message });
      }
    })
    .transform((values) => quoteRequest.parse(toQuoteRequest({ ...values, amount: decimalOf(values.amount, locale) })));

export const quoteFormSchema = quoteFormSchemaFor(false);
/** The form when its currencies may be typed (the pairs list is stale, incomplete or missing). */
export const typedQuoteFormSchema = quoteFormSchemaFor(true);

export type QuoteFormInput = z.input<typeof quoteFormSchema>;
export type QuoteFormOutput = z.output<typeof quoteFormSchema>;

/** BTC to EUR when the list has them (the service's own samples), else the first two codes offered. */
export function formDefaults(from: readonly string[], to: readonly string[]): QuoteFormValues {
  const sender = from.includes('BTC') ? 'BTC' : (from[0] ?? '');
  const receiver = to.includes('EUR') && sender !== 'EUR' ? 'EUR' : (to.find((code) => code !== sender) ?? '');
  return { sender_currency: sender, receiver_currency: receiver, side: 'sender', amount: '' };
}
