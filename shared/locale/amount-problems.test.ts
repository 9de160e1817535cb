import { describe, expect, it } from 'vitest';
import { readRuleMessage } from '../i18n/index.ts';
import { inLanguage } from '../i18n/testing/in-english.ts';
import { parseAmount } from './parse-amount.ts';

describe('a refused amount’s reason', () => {
  it('travels as its catalogue message with the locale’s values, said in the window’s language', () => {
    const reading = parseAmount('1.234', 'de-DE');
    if (reading.ok) throw new Error('1.234 reads in German');
    expect(readRuleMessage(reading.reason.message)?.id).toBe('rules.amountProblem.ambiguous');
    expect(inLanguage('en', reading.reason.message)).toBe('“1.234” can be read two ways: write 1234 for the whole number, or 1,234 for the decimal');
    expect(inLanguage('de', reading.reason.message)).toBe('„1.234“ lässt sich auf zwei Arten lesen: Schreiben Sie 1234 für die ganze Zahl oder 1,234 für den Dezimalwert');
    expect(inLanguage('fr', reading.reason.message)).toContain('peut se lire de deux façons');
  });
});
