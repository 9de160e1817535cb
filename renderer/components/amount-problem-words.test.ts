import { describe, expect, it } from 'vitest';
import { CATALOGUES, say } from '../../shared/i18n/index.ts';
import { AMOUNT_PROBLEM_WORDS, parseAmount } from '../../shared/locale/index.ts';
import type { AmountProblemCode } from '../../shared/locale/index.ts';
import { AMOUNT_PROBLEM_IDS, amountProblemWords } from './amount-problem-words.ts';

describe('a refused amount’s reason in the catalogues', () => {
  it('has each reason’s English exactly as shared/locale words it', () => {
    for (const code of Object.keys(AMOUNT_PROBLEM_WORDS) as AmountProblemCode[]) {
      expect(CATALOGUES.en[AMOUNT_PROBLEM_IDS[code]], code).toBe(AMOUNT_PROBLEM_WORDS[code]);
    }
  });

  it('says the reason with its values in the language given, English where none is', () => {
    const reading = parseAmount('1.234', 'de-DE');
    if (reading.ok) throw new Error('1.234 reads in German');
    expect(amountProblemWords(reading.reason)).toBe(reading.reason.words);
    expect(amountProblemWords(reading.reason, (id, values) => say('de', id, values))).toBe('„1.234“ lässt sich auf zwei Arten lesen: Schreiben Sie 1234 für die ganze Zahl oder 1,234 für den Dezimalwert');
    expect(amountProblemWords(reading.reason, (id, values) => say('fr', id, values))).toContain('peut se lire de deux façons');
  });
});
