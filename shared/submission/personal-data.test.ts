import { describe, expect, it } from 'vitest';
import { inEnglish } from '../i18n/testing/in-english.ts';
import { emailTypoSuggestion, personalDataIn, referenceRefusal } from './personal-data.ts';

const today = new Date('2026-11-27T00:00:00Z');

describe('what a reference (foreign id, end user reference) may not hold', () => {
  it.each([
    ['ada@example.com', 'email'],
    ['customer ada@gmial.com', 'email'],
    ['Ada Lovelace 1985-12-10', 'name-and-birth-date'],
    ['lovelace-10.12.1985', 'name-and-birth-date'],
    ['ada 10/12/1985', 'name-and-birth-date'],
    ['Müller 1999-02-01', 'name-and-birth-date'],
  ])('refuses %s (%s)', (text, kind) => {
    expect(personalDataIn(text, today)).toBe(kind);
  });

  it.each([
    'inv-20250601-k3x9q2mz',
    'addr-20261127-abcdefgh',
    'order-4711',
    'cust-42',
    'order 2026-11-20', // an order's date, not a birth date
    '1985-12-10', // a date alone names nobody
    '+49 171 2345678', // warned about, not refused
    'lovelace-7',
  ])('lets %s through', (text) => {
    expect(personalDataIn(text, today)).toBeNull();
  });

  it('says why, naming the field', () => {
    expect(inEnglish(referenceRefusal('foreignId', 'ada@example.com', today))).toBe(
      'The foreign id cannot hold an e-mail address: it must not hold personal data. Use an order or customer number.',
    );
    expect(inEnglish(referenceRefusal('endUserReference', 'Ada Lovelace 1985-12-10', today))).toMatch(/^The end user reference cannot hold a name with a birth date/);
    expect(referenceRefusal('foreignId', 'order-4711', today)).toBeNull();
  });
});

describe('the suggestion for a common mail domain mistyped', () => {
  it.each([
    ['ada@gmial.com', 'ada@gmail.com'],
    ['ada@gmail.con', 'ada@gmail.com'],
    ['ada@gmai.com', 'ada@gmail.com'],
    ['ada@hotmial.com', 'ada@hotmail.com'],
    ['ada@yahooo.com', 'ada@yahoo.com'],
    ['ada@outlok.com', 'ada@outlook.com'],
    ['Ada.Lovelace@GMIAL.COM', 'Ada.Lovelace@gmail.com'],
    ['ada@gmx.dee', 'ada@gmx.de'],
  ])('%s: did you mean %s?', (typed, meant) => {
    expect(emailTypoSuggestion(typed)).toBe(meant);
  });

  it.each(['ada@gmail.com', 'ada@gmx.de', 'ada@web.de', 'ada@mail.com', 'ada@email.com', 'ada@lovelace.example', 'ada@company.de', 'not-an-address', ''])(
    'suggests nothing for %s',
    (typed) => {
      expect(emailTypoSuggestion(typed)).toBeNull();
    },
  );
});
