import { describe, expect, it } from 'vitest';
import { inEnglish, inLanguage } from '../../../shared/i18n/testing/in-english.ts';
import { BLANK_SEARCH, isFiltered, isRealIsoDate, operationsOf, searchSchema, toQuery } from './search-form-schema.ts';

function errorsOf(values: typeof BLANK_SEARCH): Record<string, string> {
  const result = searchSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), inEnglish(issue.message)]));
}

describe('the History search', () => {
  it('sends only what narrows the search, trimmed', () => {
    expect(toQuery(BLANK_SEARCH)).toEqual({ kind: 'payments' });
    expect(
      toQuery({ kind: 'everything', text: ' inv-2025 ', operation: 'invoices.create', state: 'unknown', serviceStatus: 'created', madeBy: 'Ana Ruiz', from: '2025-06-01', to: ' 2025-06-02 ' }),
    ).toEqual({ text: 'inv-2025', operation: 'invoices.create', state: 'unknown', serviceStatus: 'created', madeBy: 'Ana Ruiz', from: '2025-06-01', to: '2025-06-02' });
  });

  it('filters by person only when one is chosen: Everyone sends no madeBy', () => {
    expect(toQuery({ ...BLANK_SEARCH, madeBy: '' })).toEqual({ kind: 'payments' });
    expect(toQuery({ ...BLANK_SEARCH, madeBy: 'Zoë Ôdegaard' })).toEqual({ kind: 'payments', madeBy: 'Zoë Ôdegaard' });
    expect(isFiltered(toQuery({ ...BLANK_SEARCH, madeBy: 'Ana Ruiz' }))).toBe(true);
  });

  it('takes any name a person can set, by the name’s own rule, and no other', () => {
    // 100 characters outside the BMP are 200 UTF-16 units: still one settable name.
    expect(errorsOf({ ...BLANK_SEARCH, madeBy: '🦊'.repeat(100) })).toEqual({});
    expect(errorsOf({ ...BLANK_SEARCH, madeBy: '🦊'.repeat(101) })).toEqual({ madeBy: 'A name is at most 100 characters' });
    expect(errorsOf({ ...BLANK_SEARCH, madeBy: 'Ana\u202ERuiz' })).toEqual({ madeBy: 'A name cannot hold control characters' });
  });

  it("shows the clerk's payments unless asked for lookups or everything; Everything sends no kind", () => {
    expect(BLANK_SEARCH.kind).toBe('payments');
    expect(toQuery({ ...BLANK_SEARCH, kind: 'lookups' })).toEqual({ kind: 'lookups' });
    expect(toQuery({ ...BLANK_SEARCH, kind: 'everything' })).toEqual({});
    expect(operationsOf('payments')).toEqual(['invoices.create', 'exchange.place', 'addresses.take', 'withdrawals.approve']);
    expect(operationsOf('lookups')).toEqual(['transactions.lookup']);
    expect(operationsOf('everything')).toHaveLength(5);
  });

  it('knows a filtered search from the whole journal, paging and the kind aside', () => {
    expect(isFiltered({})).toBe(false);
    expect(isFiltered({ kind: 'payments' })).toBe(false);
    expect(isFiltered({ limit: 50, offset: 50 })).toBe(false);
    expect(isFiltered({ state: 'failed' })).toBe(true);
  });

  it('takes real days only, written YYYY-MM-DD', () => {
    expect(isRealIsoDate('2024-02-29')).toBe(true);
    expect(isRealIsoDate('2025-02-29')).toBe(false);
    expect(isRealIsoDate('2025-13-01')).toBe(false);
    expect(isRealIsoDate('2025-6-1')).toBe(false);
    expect(isRealIsoDate('01.06.2025')).toBe(false);
  });

  it('says what is wrong with a date, next to the date', () => {
    expect(errorsOf({ ...BLANK_SEARCH, from: '2025-02-30' })).toEqual({ from: 'Enter a real date as YYYY-MM-DD' });
    expect(errorsOf({ ...BLANK_SEARCH, to: 'yesterday' })).toEqual({ to: 'Enter a real date as YYYY-MM-DD' });
  });

  it('refuses a range that ends before it starts, and takes a single day', () => {
    expect(errorsOf({ ...BLANK_SEARCH, from: '2025-06-02', to: '2025-06-01' })).toEqual({
      to: 'The end date must be on or after the start date',
    });
    expect(errorsOf({ ...BLANK_SEARCH, from: '2025-06-01', to: '2025-06-01' })).toEqual({});
    expect(errorsOf({ ...BLANK_SEARCH, from: '2025-06-01' })).toEqual({});
  });

  it('says its own rules in the window’s language', () => {
    const issue = (values: typeof BLANK_SEARCH) => {
      const result = searchSchema.safeParse(values);
      return result.success ? '' : (result.error.issues[0]?.message ?? '');
    };
    expect(inLanguage('de', issue({ ...BLANK_SEARCH, from: '2025-02-30' }))).toBe('Geben Sie ein gültiges Datum im Format JJJJ-MM-TT ein');
    expect(inLanguage('fr', issue({ ...BLANK_SEARCH, from: '2025-06-02', to: '2025-06-01' }))).toBe('La date de fin doit être identique ou postérieure à la date de début');
    expect(inLanguage('de', issue({ ...BLANK_SEARCH, serviceStatus: 'x'.repeat(51) }))).toBe('Ein Status hat höchstens 50 Zeichen');
  });

  it('keeps search text within the contract', () => {
    expect(errorsOf({ ...BLANK_SEARCH, text: 'x'.repeat(256) })).toEqual({ text: 'Search text is at most 255 characters' });
  });
});
