import { describe, expect, it } from 'vitest';
import { readRuleMessage, ruleMessage, wordRule } from './rule-message.ts';
import { inEnglish, sayerFor, sayWording, wordingOfRule, wordsFor } from './words.ts';

describe("a rule's message as it travels (rule-message.ts)", () => {
  it('carries the id and its values there and back', () => {
    const text = ruleMessage('rules.amount.placesOf', { code: 'EUR', places: 2 });
    expect(typeof text).toBe('string');
    expect(readRuleMessage(text)).toEqual({ id: 'rules.amount.placesOf', values: { code: 'EUR', places: 2 } });
    expect(readRuleMessage(ruleMessage('rules.invoice.title'))).toEqual({ id: 'rules.invoice.title', values: {} });
    expect(readRuleMessage(ruleMessage('rules.reference.email', { what: 'foreignId' }))).toEqual({ id: 'rules.reference.email', values: { what: 'foreignId' } });
  });

  it('is worded in the language asked for, its values in place', () => {
    const text = ruleMessage('rules.amount.placesOf', { code: 'EUR', places: 2 });
    expect(wordRule(wordsFor('en'), text)).toBe('EUR takes at most 2 decimal places');
    expect(wordRule(wordsFor('de'), text)).toBe('EUR erlaubt höchstens 2 Nachkommastellen');
    expect(wordRule(wordsFor('fr'), ruleMessage('rules.invoice.title'))).toBe('Saisissez un titre');
  });

  it('words a value that is itself a rule first, in the same language: the part a sentence names', () => {
    const character = ruleMessage('rules.destination.character', { kind: 'space', code: 'U+0020', char: ' ' });
    const text = ruleMessage('rules.destination.characterOf', { what: 'address', n: 3, character });
    expect(readRuleMessage(text)).toEqual({ id: 'rules.destination.characterOf', values: { what: 'address', n: 3, character } });
    expect(wordRule(wordsFor('en'), text)).toBe('Character 3 of the address is a space, which no address contains.');
    expect(wordRule(wordsFor('de'), text)).toBe('Zeichen 3 der Adresse ist ein Leerzeichen: Ein solches Zeichen kommt in keiner Adresse vor.');
    expect(wordRule(wordsFor('fr'), text)).toBe('Le caractère 3 de l’adresse est un espace, qu’aucune adresse ne contient.');
  });

  it('lets any other text through as it came: the service’s words, a catalogue key written bare, a broken encoding', () => {
    for (const text of ['is not a URL', 'Enter a title', 'rules.invoice.title', '']) {
      expect(readRuleMessage(text)).toBeNull();
      expect(wordRule(wordsFor('de'), text)).toBe(text);
    }
    const encoded = ruleMessage('rules.amount.maxPlaces', { places: 8 });
    const broken = [encoded.slice(0, -1), encoded.replace('rules.amount.maxPlaces', 'rules.no.such'), encoded.replace('8', '[8]')];
    for (const text of broken) {
      expect(readRuleMessage(text)).toBeNull();
      expect(wordRule(wordsFor('de'), text)).toBe(text);
    }
    expect(wordRule(wordsFor('de'), undefined)).toBeUndefined();
  });

  it('becomes a Wording for main’s failures, a value that is itself a rule included: said in English for the log, in the window’s language for it', () => {
    const text = ruleMessage('rules.wire.expected', { types: ruleMessage('rules.wire.or', { first: 'string', second: 'number' }) });
    const wording = wordingOfRule(text);
    expect(wording).toEqual({ id: 'rules.wire.expected', values: { types: { id: 'rules.wire.or', values: { first: 'string', second: 'number' } } } });
    if (typeof wording === 'string') throw new Error('expected a Wording');
    expect(inEnglish(wording)).toBe('expected string or number');
    expect(sayWording(sayerFor('de'), wording)).toBe('erwartet: string oder number');
    expect(sayWording(sayerFor('fr'), wording)).toBe('attendu : string ou number');
    expect(wordingOfRule(ruleMessage('rules.wire.missing'))).toEqual({ id: 'rules.wire.missing' });
    expect(wordingOfRule('expected string, received boolean')).toBe('expected string, received boolean');
  });
});
