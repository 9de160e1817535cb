import { describe, expect, it } from 'vitest';
import { readRuleMessage, say } from '../i18n/index.ts';
import type { MessageId } from '../i18n/index.ts';
import { parseAmount } from './parse-amount.ts';

/** A rule's message as the window words it (FieldFrame's wordRule), in `language`. */
function inLanguage(language: 'en' | 'de' | 'fr', message: string): string {
  const rule = readRuleMessage(message);
  if (rule === null) throw new Error(`not a rule: ${message}`);
  return say(language, rule.id as MessageId, rule.values);
}

describe('a refused amount’s reason', () => {
  it('travels as its catalogue message with the locale’s values, said in the window’s language', () => {
    const reading = parseAmount('1.234', 'de-DE');
    if (reading.ok) throw new Error('1.234 reads in German');
    expect(inLanguage('en', reading.reason.message)).toBe(reading.reason.words);
    expect(inLanguage('de', reading.reason.message)).toBe('„1.234“ lässt sich auf zwei Arten lesen: Schreiben Sie 1234 für die ganze Zahl oder 1,234 für den Dezimalwert');
    expect(inLanguage('fr', reading.reason.message)).toContain('peut se lire de deux façons');
  });
});
