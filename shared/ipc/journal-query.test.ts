import { describe, expect, it } from 'vitest';
import { messagesInEnglish } from '../i18n/testing/in-english.ts';
import { fieldMessages } from '../api/wire.ts';
import { journalQuery } from './journal.ts';

// Found by the IPC fuzzer (electron/platform/router/router.fuzz.test.ts): journal.search took any text
// as `from` or `to`, and the journal then failed inside main with "RangeError: Not a date", which
// reached the renderer as the generic internal error instead of a field message.

const errorsOf = (query: unknown) => {
  const result = journalQuery.safeParse(query);
  return result.success ? {} : messagesInEnglish(fieldMessages(result.error));
};

describe('journal search bounds', () => {
  it('refuses a bound that is not a date, field by field', () => {
    expect(errorsOf({ from: ' ' })).toEqual({ from: expect.stringMatching(/YYYY-MM-DD/) });
    expect(errorsOf({ to: 'next tuesday' })).toEqual({ to: expect.stringMatching(/YYYY-MM-DD/) });
    expect(errorsOf({ from: '2025-06-01T25:99:00Z', to: '\uD800' })).toMatchObject({ from: expect.any(String), to: expect.any(String) });
  });

  it('takes days, ISO 8601 timestamps and empty bounds, as the history screen sends them', () => {
    expect(errorsOf({ from: '2025-06-01', to: '2025-06-30' })).toEqual({});
    expect(errorsOf({ from: '2025-06-01T12:00:00.000Z', to: '2025-06-01T13:00:00+02:00' })).toEqual({});
    expect(errorsOf({ from: '', to: '' })).toEqual({});
  });
});

describe('journal search by person', () => {
  it('takes every name a person can set, by the name’s own rule, trimmed', () => {
    expect(journalQuery.parse({ madeBy: ' Ana Ruiz ' })).toEqual({ madeBy: 'Ana Ruiz' });
    expect(errorsOf({ madeBy: '🦊'.repeat(100) })).toEqual({});
  });

  it('refuses what no person could be named: too long, control characters, empty', () => {
    expect(errorsOf({ madeBy: '🦊'.repeat(101) })).toEqual({ madeBy: 'A name is at most 100 characters' });
    expect(errorsOf({ madeBy: 'Ana\u0000' })).toEqual({ madeBy: 'A name cannot hold control characters' });
    expect(errorsOf({ madeBy: '  ' })).toEqual({ madeBy: 'Enter your name' });
  });
});
