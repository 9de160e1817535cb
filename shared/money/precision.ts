import { ruleMessage } from '../i18n/rule-message.ts';
import { decimalPlaces, formatDecimal, isWireDecimal, MAX_AMOUNT_PLACES } from './decimal.ts';

/**
 * How many decimal places a currency takes, decided once for every screen and form. The service
 * says a currency's kind in its pairs and balances (`type`: `fiat` or `crypto`, spec 2.5); a fiat
 * currency takes 2 places (the invoice form's rule, and the service's own messages: "10.00 EUR"),
 * a crypto one the service's 8 (spec 2: "up to 8 decimal places"). Where an answer carries no kind
 * (a transaction's amounts and fees), the common fiat codes below stand in for it.
 */

export const FIAT_PLACES = 2;
export const CRYPTO_PLACES = MAX_AMOUNT_PLACES;

/** ISO 4217 currencies with 2 minor units that a merchant's account may hold; any other code counts as crypto. */
const KNOWN_FIAT = new Set([
  'EUR', 'USD', 'GBP', 'CHF', 'CAD', 'AUD', 'NZD', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'HUF', 'RON', 'BGN',
  'TRY', 'UAH', 'RUB', 'CNY', 'HKD', 'SGD', 'INR', 'BRL', 'MXN', 'ZAR', 'AED', 'ILS', 'THB', 'GEL', 'KZT',
]);

/**
 * The places `currency` takes: by the kind the service gave it when known (`kind`), else by its
 * code. An unknown kind (neither fiat nor crypto) is read by its code too.
 */
export function currencyPlaces(currency: string, kind?: string | null): number {
  if (kind === 'fiat') return FIAT_PLACES;
  if (kind === 'crypto') return CRYPTO_PLACES;
  return KNOWN_FIAT.has(currency.toUpperCase()) ? FIAT_PLACES : CRYPTO_PLACES;
}

/**
 * `text` written with `places` decimal places, for reading: padded with zeros when shorter
 * ("0.00003" BTC is "0.00003000"), and trailing zeros past `places` dropped when longer
 * ("250.00000000" EUR is "250.00"). A digit other than a trailing zero is never dropped or rounded:
 * "231.94279333" EUR stays as sent, all of it. Text that is not a plain decimal is returned as is.
 */
export function decimalAtPlaces(text: string, places: number): string {
  if (!isWireDecimal(text)) return text;
  const current = decimalPlaces(text);
  if (current < places) return (current === 0 ? `${text}.` : text) + '0'.repeat(places - current);
  const dot = text.indexOf('.');
  if (dot === -1) return text;
  let end = text.length;
  while (end > dot + 1 + places && text[end - 1] === '0') end -= 1;
  return end === dot + 1 ? text.slice(0, dot) : text.slice(0, end);
}

/** An amount of `currency` for reading in a sentence: at the currency's places, the integer part grouped ("612,345.10"). */
export function formatAmount(text: string, currency: string, kind?: string | null): string {
  return formatDecimal(decimalAtPlaces(text, currencyPlaces(currency, kind)));
}

/** Why `amount` has too many places for `currency`, a rule's message (shared/i18n/rule-message.ts), or null. */
export function placesProblem(amount: string, currency: string, places: number): string | null {
  if (decimalPlaces(amount) <= places) return null;
  if (currency === '') return places === 0 ? ruleMessage('rules.amount.wholeOfThisCurrency') : ruleMessage('rules.amount.placesOfThisCurrency', { places });
  return places === 0 ? ruleMessage('rules.amount.wholeOf', { code: currency }) : ruleMessage('rules.amount.placesOf', { code: currency, places });
}
