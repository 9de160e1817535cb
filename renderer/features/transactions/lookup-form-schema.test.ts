import { describe, expect, it } from 'vitest';
import { wordRule, wordsFor } from '../../../shared/i18n/index.ts';
import { inEnglish } from '../../../shared/i18n/testing/in-english.ts';
import { EMPTY_ID, formValuesOf, isLookupField, lookupFormSchema, lookupRequestOf, NOT_A_NUMBER } from './lookup-form-schema.ts';

const messageOf = (by: 'id' | 'foreign_id' | 'txid', value: string) => {
  const outcome = lookupRequestOf({ by, value });
  return outcome.ok ? null : outcome.message;
};

describe('the lookup form', () => {
  it('turns a whole number into an id query', () => {
    expect(lookupRequestOf({ by: 'id', value: ' 1042 ' })).toEqual({ ok: true, query: { id: 1042 } });
  });

  it('refuses an id that is not a positive whole number, with the shared schema’s words', () => {
    expect(messageOf('id', '')).toBe(EMPTY_ID);
    expect(messageOf('id', 'abc')).toBe(NOT_A_NUMBER);
    expect(messageOf('id', '1e3')).toBe(NOT_A_NUMBER);
    expect(inEnglish(messageOf('id', '12.5'))).toBe('Enter a whole number');
    expect(inEnglish(messageOf('id', '0'))).toBe('An id is 1 or more');
    expect(inEnglish(messageOf('id', '-7'))).toBe('An id is 1 or more');
    expect(inEnglish(messageOf('id', '2147483648'))).toBe('An id fits in 32 bits');
  });

  it('takes a foreign id of up to 255 characters, trimmed', () => {
    expect(lookupRequestOf({ by: 'foreign_id', value: ' order-77 ' })).toEqual({ ok: true, query: { foreign_id: 'order-77' } });
    expect(lookupRequestOf({ by: 'foreign_id', value: 'x'.repeat(255) }).ok).toBe(true);
    expect(inEnglish(messageOf('foreign_id', 'x'.repeat(256)))).toBe('A foreign id is at most 255 characters');
    expect(inEnglish(messageOf('foreign_id', '   '))).toBe('Enter a foreign id');
  });

  it('keeps a foreign id that is all digits as text, not as an id', () => {
    expect(lookupRequestOf({ by: 'foreign_id', value: '164' })).toEqual({ ok: true, query: { foreign_id: '164' } });
  });

  it('takes a transaction hash as one word, trimmed, and refuses it with the shared schema’s words', () => {
    const hash = '3950ad8149421a850d01dff88f024810e363ac18c9e8dd9bc0b9116e7937ad93';
    expect(lookupRequestOf({ by: 'txid', value: ` ${hash}\n` })).toEqual({ ok: true, query: { txid: hash } });
    expect(lookupRequestOf({ by: 'txid', value: '0x' + 'ab'.repeat(32) }).ok).toBe(true);
    expect(inEnglish(messageOf('txid', '  '))).toBe('Enter the transaction hash');
    expect(inEnglish(messageOf('txid', 'ab 12'))).toBe('A transaction hash is one word of letters and digits, without spaces');
    expect(inEnglish(messageOf('txid', 'f'.repeat(256)))).toBe('A transaction hash is at most 255 characters');
    expect(lookupRequestOf({ by: 'txid', value: 'f'.repeat(255) }).ok).toBe(true);
  });

  it('keeps a hash that is all digits as a hash, not as an id', () => {
    expect(lookupRequestOf({ by: 'txid', value: '1042' })).toEqual({ ok: true, query: { txid: '1042' } });
  });

  it('reports the problem on the one field, for the form to show', () => {
    const result = lookupFormSchema.safeParse({ by: 'id', value: 'abc' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['value', NOT_A_NUMBER]]);
    expect(lookupFormSchema.parse({ by: 'foreign_id', value: 'w-1' })).toEqual({ foreign_id: 'w-1' });
  });

  it('fills the form from a query handed over by another screen', () => {
    expect(formValuesOf({ id: 7 })).toEqual({ by: 'id', value: '7' });
    expect(formValuesOf({ foreign_id: 'w-1' })).toEqual({ by: 'foreign_id', value: 'w-1' });
    expect(formValuesOf({ txid: 'ab12' })).toEqual({ by: 'txid', value: 'ab12' });
    expect(formValuesOf(null)).toEqual({ by: 'id', value: '' });
  });

  it('knows which field names from main or the service belong to its field', () => {
    expect(isLookupField('id')).toBe(true);
    expect(isLookupField('foreign_id')).toBe(true);
    expect(isLookupField('txid')).toBe(true);
    expect(isLookupField('amount')).toBe(false);
  });
});

describe('the lookup rules in German and French', () => {
  it('words an id out of range in the window’s language', () => {
    const message = messageOf('id', '0') ?? '';
    expect(wordRule(wordsFor('de'), message)).toBe('Eine ID ist 1 oder größer');
    expect(wordRule(wordsFor('fr'), message)).toBe('Un identifiant vaut 1 ou plus');
  });
});
