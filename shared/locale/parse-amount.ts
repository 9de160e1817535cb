import { decimalPlaces } from '../money/decimal.ts';
import type { AmountProblem, AmountProblemCode } from './amount-problems.ts';
import { amountProblem } from './amount-problems.ts';
import { formatAmount } from './format-amount.ts';
import type { Separators } from './separators.ts';
import { separatorsOf } from './separators.ts';

export type AmountReading = { ok: true; decimal: string } | { ok: false; reason: AmountProblem };

export type ParseAmountOptions = {
  /** The most decimal places allowed (the currency's precision); more are refused, never rounded. */
  maxDecimals?: number | undefined;
  /** The currency, named in the words of a refusal for too many decimals. */
  currency?: string | undefined;
};

const PLAIN = /^(\d+)(?:\.(\d+))?$/;
const MINUS = /^[-\u2212\u2010\u2013]/;
const EXPONENT = /^[\d.,'\s\u00a0\u202f\u2019]*\d[eE][+-]?\d*$/;

/** The decimal of `whole` digits and `fraction` digits, the whole part without leading zeros ("007" is 7). */
function decimalOf(whole: string, fraction: string | undefined): string {
  const integer = whole.replace(/^0+(?=\d)/, '');
  return fraction === undefined ? integer : `${integer}.${fraction}`;
}

/** The plain form: digits, an optional "." and digits after it. */
function readPlain(text: string): string | null {
  const match = PLAIN.exec(text);
  return match ? decimalOf(match[1] ?? '', match[2]) : null;
}

/**
 * The locale's own form: the whole part either bare digits or in groups (the first of 1 to 3 digits,
 * not starting with 0, each following of exactly 3) joined by the group separator, then optionally
 * the decimal separator and digits.
 */
function readLocal(text: string, separators: Separators): string | null {
  const halves = text.split(separators.decimal);
  if (halves.length > 2) return null;
  const [whole = '', fraction] = halves;
  if (fraction !== undefined && !/^\d+$/.test(fraction)) return null;
  if (/^\d+$/.test(whole)) return decimalOf(whole, fraction);
  const groups = whole.split(new RegExp(`[${separators.groupReadAs.map(escapeForClass).join('')}]`));
  const [first = '', ...rest] = groups;
  if (!/^[1-9]\d{0,2}$/.test(first) || rest.length === 0 || !rest.every((group) => /^\d{3}$/.test(group))) return null;
  return decimalOf(groups.join(''), fraction);
}

function escapeForClass(character: string): string {
  return character.replace(/[\\\]^-]/g, '\\$&');
}

function count(text: string, character: string): number {
  return text.split(character).length - 1;
}

/**
 * An amount as a person typed it, read in `locale` and in the plain form, to the exact decimal
 * string ("1.234,56" in German is "1234.56"), or refused with the reason. The rules, also in
 * docs/amounts.md:
 *
 * 1. Spaces around the text are ignored. The locale's separators are Intl.NumberFormat's; where the
 *    locale groups with a space (French: U+202F), a plain space, U+00A0 and U+202F are all read as it.
 * 2. Two forms are read. The locale's own: the whole part as bare digits or as groups (the first of
 *    1 to 3 digits, not starting with 0, every other of exactly 3) joined by the group separator, then
 *    optionally the decimal separator and at least one digit. The plain form: digits, then optionally
 *    "." and at least one digit, no group separator. A text that neither form reads is refused.
 * 3. When both forms read the text and disagree, it is refused as ambiguous. That happens only where
 *    the locale's group separator is the plain form's decimal point (German, Italian, Spanish), for a
 *    text of 1 to 3 digits, ".", and 3 digits: "1.234" could be 1234 or 1.234, so it is neither, and
 *    the reason says to write 1234 or 1,234. The currency's precision does not settle it.
 * 4. So one kind of separator whose groups are not all exactly 3 digits is read as the decimal:
 *    "0.001" and "1.5" in German are 0.001 and 1.5 (the plain form), never 1 or 15; "0,001" in German
 *    and French is 0.001; "0,001" in English is refused (a comma there only groups).
 * 5. Refused with their own reason: empty text, a minus sign, an exponent ("1e3"), any other
 *    character (letters, a currency sign), more than one decimal separator, a separator with no digit
 *    on one side of it ("12,", ",5"), misplaced group separators, and more decimals than `maxDecimals`.
 *    Digits are never rounded, dropped or added: only leading zeros of the whole part go ("007" is 7).
 */
export function parseAmount(text: string, locale: string, options: ParseAmountOptions = {}): AmountReading {
  const separators = separatorsOf(locale);
  const typed = text.trim();
  const example = formatAmount('1234.56', locale);
  const refuse = (code: AmountProblemCode, values: Record<string, string> = {}): AmountReading => ({ ok: false, reason: amountProblem(code, values) });

  if (typed === '') return refuse('empty');
  if (MINUS.test(typed)) return refuse('negative');
  if (EXPONENT.test(typed)) return refuse('exponent');
  const allowed = new Set(['.', separators.decimal, ...separators.groupReadAs]);
  if ([...typed].some((character) => !/\d/.test(character) && !allowed.has(character))) {
    return refuse('characters', { decimal: separators.decimal, example });
  }

  const plain = readPlain(typed);
  const local = readLocal(typed, separators);
  if (plain !== null && local !== null && plain !== local) {
    return refuse('ambiguous', { text: typed, whole: local, fraction: formatAmount(plain, locale, { grouping: false }) });
  }
  const decimal = local ?? plain;
  if (decimal === null) {
    const dotIsDecimal = separators.decimal !== '.' && !separators.groupReadAs.includes('.');
    const decimalMarks = count(typed, separators.decimal) + (dotIsDecimal ? count(typed, '.') : 0);
    if (decimalMarks > 1) return refuse('several-decimal-separators', { example });
    if (!/^\d/.test(typed) || !/\d$/.test(typed)) return refuse('incomplete', { decimal: separators.decimal, example: formatAmount('0.5', locale) });
    return refuse('misplaced-group', { example, plain: '1234.56', decimal: separators.decimal });
  }

  const max = options.maxDecimals;
  if (max !== undefined && decimalPlaces(decimal) > max) {
    const currency = options.currency ?? '';
    if (currency === '') return refuse('too-many-decimals', { max: String(max) });
    return max === 0 ? refuse('whole-amounts-only', { currency }) : refuse('too-many-decimals-for-currency', { currency, max: String(max) });
  }
  return { ok: true, decimal };
}
