/**
 * Why a typed amount was refused: a code, and the English words for it in one place, keyed by the
 * code, so that the words can move into the message catalogues as they are (the templates use ICU's
 * `{name}` placeholders, filled from `values`).
 */

export type AmountProblemCode =
  | 'empty'
  | 'negative'
  | 'exponent'
  | 'characters'
  | 'incomplete'
  | 'several-decimal-separators'
  | 'misplaced-group'
  | 'ambiguous'
  | 'too-many-decimals'
  | 'too-many-decimals-for-currency'
  | 'whole-amounts-only';

export const AMOUNT_PROBLEM_WORDS: Readonly<Record<AmountProblemCode, string>> = {
  empty: 'Enter an amount',
  negative: 'Enter the amount without a minus sign: an amount is never negative',
  exponent: 'Write the amount out in full, without an exponent: 1500, not 1.5e3',
  characters: 'Use digits only, with “{decimal}” before the decimals, such as {example}',
  incomplete: 'Write digits on both sides of “{decimal}”, such as {example}',
  'several-decimal-separators': 'Write one decimal separator only, such as {example}',
  'misplaced-group': 'Write the amount as {example} or {plain}: thousands in groups of 3 digits, the decimals after “{decimal}”',
  ambiguous: '“{text}” can be read two ways: write {whole} for the whole number, or {fraction} for the decimal',
  'too-many-decimals': 'Use at most {max} decimal places',
  'too-many-decimals-for-currency': '{currency} takes at most {max} decimal places',
  'whole-amounts-only': '{currency} takes whole amounts only',
};

export type AmountProblem = {
  code: AmountProblemCode;
  /** The placeholders' values: the locale's own separators and examples, never English words. */
  values: Readonly<Record<string, string>>;
  /** The English words, filled in. */
  words: string;
};

/** `template` with each `{name}` replaced by its value. */
export function fillWords(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

export function amountProblem(code: AmountProblemCode, values: Readonly<Record<string, string>> = {}): AmountProblem {
  return { code, values, words: fillWords(AMOUNT_PROBLEM_WORDS[code], values) };
}
