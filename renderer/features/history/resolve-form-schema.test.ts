import { describe, expect, it } from 'vitest';
import { BLANK_RESOLVE, resolveSchema } from './resolve-form-schema.ts';

const messages = (values: typeof BLANK_RESOLVE) => {
  const result = resolveSchema.safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('recording what happened', () => {
  it('asks for a choice and a note, with the contract’s words', () => {
    expect(messages(BLANK_RESOLVE)).toEqual({ state: 'history.resolve.choose', note: 'Say what you found' });
    expect(messages({ state: 'failed', note: '   ' })).toEqual({ note: 'Say what you found' });
    expect(messages({ state: 'failed', note: 'x'.repeat(501) })).toEqual({ note: 'At most 500 characters' });
  });

  it('passes a choice and a trimmed note', () => {
    expect(resolveSchema.parse({ state: 'succeeded', note: ' Invoice 826900 is in the back office ' })).toEqual({
      state: 'succeeded',
      note: 'Invoice 826900 is in the back office',
    });
  });
});
