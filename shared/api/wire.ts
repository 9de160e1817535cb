import { z } from 'zod';
import { hasHiddenCharacters } from './hidden-characters.ts';
import { referenceRefusal } from '../submission/personal-data.ts';
import { decimalPlaces, isInputDecimal, isZero, MAX_AMOUNT_PLACES, readWireDecimal } from '../money/index.ts';

/*
 * Building blocks shared by the resource and request schemas. Response-side blocks are tolerant
 * (the service sends the same field as a string or a number: docs/service-interface.md, "Types seen in the wild");
 * request-side blocks are strict, because we only send what the spec allows.
 */

/**
 * An amount or rate from the service, as a string or a JSON number (spec section 2), in any form
 * JSON allows (`1.5E+3`, `1e-7`): kept as the exact decimal it denotes, in plain digits
 * (shared/money/json-decimal.ts). Anything else is a field error naming what is wrong.
 */
export const wireAmount = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const reading = readWireDecimal(value);
  if (reading.ok) return reading.decimal;
  ctx.addIssue({ code: 'custom', message: reading.problem });
  return z.NEVER;
});

/** An integer the service may send as `3` or as `"9"` (confirmations, ids). */
export const wireInteger = z
  .union([z.number().int(), z.string().regex(/^-?\d+$/, 'is not an integer')])
  .transform((value) => Number(value))
  .refine(Number.isSafeInteger, { message: 'is too large' });

/** Text the service may send as a number (`foreign_id` arrives as 164 and as "196"). */
export const wireText = z.union([z.string(), z.number()]).transform((value) => String(value));

/** What is wrong with an amount a person typed, in the words shown next to the field; null when nothing is. */
function typedAmountProblem(text: string): string | null {
  // An exponent is refused rather than worked out: "1e3" typed into an amount field is far more
  // often a slip than a wish to send 1000, and an amount is sent as exactly what was read back.
  if (/^[\d.]*\d[eE][+-]?\d*$/.test(text)) return 'Enter a plain decimal number, without an exponent: 1500, not 1.5e3';
  if (!isInputDecimal(text)) return 'Enter a plain decimal number, such as 12.5';
  if (decimalPlaces(text) > MAX_AMOUNT_PLACES) return `Use at most ${MAX_AMOUNT_PLACES} decimal places`;
  return null;
}

/**
 * A decimal typed by a person or sent over IPC: plain digits, at most 8 places, >= 0 (spec 4.2, 8).
 * Leading zeros are dropped ("007" is 7): the amount goes on the wire as a bare JSON number written
 * from this text (platform/api/transport.ts, wireNumber), and JSON has no `007`.
 */
export const amountInput = z
  .string()
  .trim()
  .superRefine((text, ctx) => {
    const problem = typedAmountProblem(text);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((text) => text.replace(/^0+(?=\d)/, ''));

/** An amount that must be above zero, as an invoice amount must be. */
// zod runs every refinement even after one failed: only a plain decimal is handed to big.js.
export const positiveAmountInput = amountInput.refine((text) => !isInputDecimal(text) || !isZero(text), {
  message: 'The amount must be greater than 0',
});

/** A missing currency, in the words of a list to choose from (a typed code says so in its own: components/currency/CurrencyField.tsx). */
export const CHOOSE_CURRENCY = 'Choose a currency';

export const currencyCode = z
  .string()
  .trim()
  .min(1, CHOOSE_CURRENCY)
  .max(20, 'A currency code is at most 20 characters');

/** foreign_id: unique in the merchant's system, at most 255 characters (spec 4.4, 4.5, 8). */
export const foreignIdInput = z
  .string()
  .trim()
  .min(1, 'Enter a foreign id')
  .max(255, 'A foreign id is at most 255 characters')
  // It is shown to a person to check (main's confirmation, History): it must read as it is sent.
  .refine((text) => !hasHiddenCharacters(text), 'A foreign id cannot hold control characters or invisible formatting characters');

/** Refuses what is clearly personal data (shared/submission/personal-data.ts) in the reference `label`. */
const withoutPersonalData = (label: string) => (text: string, ctx: z.RefinementCtx) => {
  const refusal = referenceRefusal(label, text);
  if (refusal !== null) ctx.addIssue({ code: 'custom', message: refusal });
};

/**
 * The foreign_id of something the console asks the service to make (an invoice, a deposit address):
 * as foreignIdInput, and free of what is clearly personal data (spec 4.4). A lookup by foreign id
 * keeps foreignIdInput, so that what was made under any id can still be found.
 */
export const newForeignIdInput = foreignIdInput.superRefine(withoutPersonalData('foreign id'));

/**
 * A reference the merchant keeps for a customer (`end_user_reference` of invoices and deposit
 * addresses): required, at most 255 characters, and it must not hold personal data (spec 4.4).
 */
export const referenceInput = (label: string) =>
  z
    .string({ message: `Enter the ${label}` })
    .trim()
    .min(1, `Enter the ${label}`)
    .max(255, `The ${label} is at most 255 characters`)
    .superRefine(withoutPersonalData(label));

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * What is wrong with a return address (url_success, url_failed: an https URL whose host is a domain
 * name, not an IP address, spec 4.4 rule 1), each problem in its own words; null when nothing is.
 */
export function httpsDomainUrlProblem(text: string): string | null {
  if (text === '') return 'Enter the address, starting with https://';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'Enter a whole address, such as https://shop.example.com/paid';
  }
  const host = url.hostname;
  if (url.protocol === 'http:') return 'Use https://, not http://: the service only sends customers to secure addresses';
  if (url.protocol !== 'https:') return 'Enter an address starting with https://';
  if (host === '') return 'Enter the shop’s domain name after https://';
  if (host.startsWith('[') || IPV4.test(host)) return 'Use a domain name, not an IP address';
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(host) || /^\d+$/.test(host.split('.').pop() ?? '')) {
    return 'Use a whole domain name, such as shop.example.com';
  }
  return null;
}

/** True for an https URL whose host is a domain name, not an IP address (spec 4.4 rule 1). */
export const isHttpsDomainUrl = (text: string): boolean => httpsDomainUrlProblem(text) === null;

export const httpsDomainUrl = z
  .string()
  .trim()
  .superRefine((text, ctx) => {
    const problem = httpsDomainUrlProblem(text);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  });

export const emailInput = z.email({ message: 'Enter a valid e-mail address' });
