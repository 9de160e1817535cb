import { ruleMessage } from '../i18n/index.ts';
import type { MessageId } from '../i18n/index.ts';

/**
 * Why a typed amount was refused: a code, its catalogue message, and the values that message needs
 * (the locale's own separators and examples), so that every form that reads an amount says the same
 * reason in the window's language.
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

export const AMOUNT_PROBLEM_IDS: Readonly<Record<AmountProblemCode, MessageId>> = {
  empty: 'rules.amountProblem.empty',
  negative: 'rules.amountProblem.negative',
  exponent: 'rules.amountProblem.exponent',
  characters: 'rules.amountProblem.characters',
  incomplete: 'rules.amountProblem.incomplete',
  'several-decimal-separators': 'rules.amountProblem.severalDecimalSeparators',
  'misplaced-group': 'rules.amountProblem.misplacedGroup',
  ambiguous: 'rules.amountProblem.ambiguous',
  'too-many-decimals': 'rules.amountProblem.tooManyDecimals',
  'too-many-decimals-for-currency': 'rules.amountProblem.tooManyDecimalsForCurrency',
  'whole-amounts-only': 'rules.amountProblem.wholeAmountsOnly',
};

export type AmountProblem = {
  code: AmountProblemCode;
  /** The placeholders' values: the locale's own separators and examples, never English words. */
  values: Readonly<Record<string, string>>;
  /** The reason as a rule's message (shared/i18n/rule-message.ts): a form's field words it in the window's language (only then, not at each keystroke). */
  message: string;
};

export function amountProblem(code: AmountProblemCode, values: Readonly<Record<string, string>> = {}): AmountProblem {
  return { code, values, message: ruleMessage(AMOUNT_PROBLEM_IDS[code], values) };
}
