import { toCardinal as deWords } from 'n2words/de-DE';
import { toCardinal as enWords } from 'n2words/en-US';
import { toCardinal as esWords } from 'n2words/es-ES';
import { toCardinal as frWords } from 'n2words/fr-FR';
import { toCardinal as itWords } from 'n2words/it-IT';
import { toCardinal as plWords } from 'n2words/pl-PL';
import { isWireDecimal } from '../money/decimal.ts';

type Cardinal = (value: string) => string;

/** n2words' cardinals by language; a language without its own is read in English. */
const CARDINALS: Readonly<Record<string, Cardinal>> = { en: enWords, de: deWords, fr: frWords, it: itWords, es: esWords, pl: plWords };

function cardinalOf(locale: string): Cardinal {
  const language = locale.toLowerCase().split(/[-_]/)[0] ?? '';
  return CARDINALS[language] ?? enWords;
}

/** What n2words writes before `after`'s own words in its reading of `whole`: its "zero point", its "minus". */
function wordsBefore(cardinal: Cardinal, whole: string, after: string): string {
  const text = cardinal(whole);
  return text.slice(0, text.length - cardinal(after).length).trim();
}

/**
 * `decimal` in the locale's words, exactly: the whole part as n2words reads it (from the decimal
 * STRING, never a float), then the locale's word for the decimal point ("point", "komma", "virgule")
 * and every digit after it one by one, trailing zeros included, as a figure is read out to be checked:
 * "1234.56" is "one thousand two hundred thirty-four point five six", "0.001" is "zero point zero
 * zero one". Text that is not a plain decimal gets no words (null).
 */
export function amountInWords(decimal: string, locale: string): string | null {
  if (!isWireDecimal(decimal)) return null;
  const cardinal = cardinalOf(locale);
  const negative = decimal.startsWith('-');
  const [whole = '0', fraction] = (negative ? decimal.slice(1) : decimal).split('.');
  const words = [cardinal(whole.replace(/^0+(?=\d)/, ''))];
  if (fraction !== undefined) words.push(wordsBefore(cardinal, '0.1', '1').slice(cardinal('0').length).trim(), ...[...fraction].map((digit) => cardinal(digit)));
  if (negative) words.unshift(wordsBefore(cardinal, '-1', '1'));
  return words.join(' ');
}
