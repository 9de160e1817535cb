import { z } from 'zod';
import { isInputDecimal, isWireDecimal, decimalPlaces, isZero, MAX_AMOUNT_PLACES } from '../money/index.ts';

/*
 * Building blocks shared by the resource and request schemas. Response-side blocks are tolerant
 * (the service sends the same field as a string or a number: field notes, "Types seen in the wild");
 * request-side blocks are strict, because we only send what the spec allows.
 */

/** An amount from the service, as a string or a JSON number (spec section 2), kept as decimal text. */
export const wireAmount = z
  .union([z.string(), z.number()])
  .transform((value) => String(value))
  .refine(isWireDecimal, { message: 'is not a decimal amount' });

/** An integer the service may send as `3` or as `"9"` (confirmations, ids). */
export const wireInteger = z
  .union([z.number().int(), z.string().regex(/^-?\d+$/, 'is not an integer')])
  .transform((value) => Number(value))
  .refine(Number.isSafeInteger, { message: 'is too large' });

/** Text the service may send as a number (`foreign_id` arrives as 164 and as "196"). */
export const wireText = z.union([z.string(), z.number()]).transform((value) => String(value));

/** A decimal typed by a person or sent over IPC: plain digits, at most 8 places, >= 0 (spec 4.2, 8). */
export const amountInput = z
  .string()
  .trim()
  .refine(isInputDecimal, { message: 'Enter a plain decimal number, such as 12.5' })
  .refine((text) => decimalPlaces(text) <= MAX_AMOUNT_PLACES, {
    message: `Use at most ${MAX_AMOUNT_PLACES} decimal places`,
  });

/** An amount that must be above zero, as an invoice amount must be. */
// zod runs every refinement even after one failed: only a plain decimal is handed to big.js.
export const positiveAmountInput = amountInput.refine((text) => !isInputDecimal(text) || !isZero(text), {
  message: 'The amount must be greater than 0',
});

export const currencyCode = z
  .string()
  .trim()
  .min(1, 'Choose a currency')
  .max(20, 'A currency code is at most 20 characters');

/** foreign_id: unique in the merchant's system, at most 255 characters (spec 4.4, 4.5, 8). */
export const foreignIdInput = z
  .string()
  .trim()
  .min(1, 'Enter a foreign id')
  .max(255, 'A foreign id is at most 255 characters');

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** True for an https URL whose host is a domain name, not an IP address (spec 4.4 rule 1). */
export function isHttpsDomainUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  const host = url.hostname;
  if (url.protocol !== 'https:') return false;
  if (host.startsWith('[') || IPV4.test(host)) return false;
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(host) && !/^\d+$/.test(host.split('.').pop() ?? '');
}

export const httpsDomainUrl = z
  .string()
  .trim()
  .refine(isHttpsDomainUrl, { message: 'Use an https:// address with a domain name, not an IP address' });

export const emailInput = z.email({ message: 'Enter a valid e-mail address' });
