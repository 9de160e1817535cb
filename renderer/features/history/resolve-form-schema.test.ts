import { describe, expect, it } from 'vitest';
import { inEnglish, inLanguage } from '../../../shared/i18n/testing/in-english.ts';
import { BLANK_RESOLVE, resolveSchema } from './resolve-form-schema.ts';

const messagesIn = (values: typeof BLANK_RESOLVE, word: (text: string) => string | undefined = inEnglish) => {
  const result = resolveSchema.safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), word(issue.message)]));
};
const messages = (values: typeof BLANK_RESOLVE) => messagesIn(values);

describe('recording what happened', () => {
  it('asks for a choice and a note, with the contract’s words', () => {
    expect(messages(BLANK_RESOLVE)).toEqual({ state: 'Choose what happened', note: 'Say what you found' });
    expect(messages({ state: 'failed', note: '   ' })).toEqual({ note: 'Say what you found' });
    expect(messages({ state: 'failed', note: 'x'.repeat(501) })).toEqual({ note: 'At most 500 characters' });
  });

  it('says its rules in the window’s language', () => {
    expect(messagesIn(BLANK_RESOLVE, (text) => inLanguage('de', text))).toEqual({ state: 'Wählen Sie, was geschehen ist', note: 'Geben Sie an, was Sie festgestellt haben' });
    expect(messagesIn({ state: 'failed', note: 'x'.repeat(501) }, (text) => inLanguage('fr', text))).toEqual({ note: '500 caractères au maximum' });
  });

  it('passes a choice and a trimmed note', () => {
    expect(resolveSchema.parse({ state: 'succeeded', note: ' Invoice 826900 is in the back office ' })).toEqual({
      state: 'succeeded',
      note: 'Invoice 826900 is in the back office',
    });
  });
});
