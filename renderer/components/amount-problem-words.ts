import type { AmountProblem, AmountProblemCode } from '../../shared/locale/index.ts';
import type { MessageId, Say } from '../../shared/i18n/index.ts';
import { inEnglish } from './in-english.ts';

/**
 * A refused amount's reason (shared/locale/parse-amount.ts) as a catalogue message, for the forms
 * that read an amount typed in the window's language (AmountField.tsx): the English is shared/locale's
 * AMOUNT_PROBLEM_WORDS word for word, and each code keeps its placeholders' values.
 */
export const AMOUNT_PROBLEM_IDS: Readonly<Record<AmountProblemCode, MessageId>> = {
  empty: 'components.amountField.problem.empty',
  negative: 'components.amountField.problem.negative',
  exponent: 'components.amountField.problem.exponent',
  characters: 'components.amountField.problem.characters',
  incomplete: 'components.amountField.problem.incomplete',
  'several-decimal-separators': 'components.amountField.problem.severalDecimalSeparators',
  'misplaced-group': 'components.amountField.problem.misplacedGroup',
  ambiguous: 'components.amountField.problem.ambiguous',
  'too-many-decimals': 'components.amountField.problem.tooManyDecimals',
  'too-many-decimals-for-currency': 'components.amountField.problem.tooManyDecimalsForCurrency',
  'whole-amounts-only': 'components.amountField.problem.wholeAmountsOnly',
};

/** Why the amount was refused, in the language `words` speaks. */
export const amountProblemWords = (reason: AmountProblem, words: Say = inEnglish): string => words(AMOUNT_PROBLEM_IDS[reason.code], reason.values);
