import { expect } from 'vitest';
import { inEnglish, inLanguage } from '../i18n/testing/in-english.ts';
import type { DestinationCheck, DestinationProblem } from './index.ts';

/** The one problem of a refused check, for tests, its message as an English screen shows it. */
export function problemOf(check: DestinationCheck, field: DestinationProblem['field'] = 'address'): DestinationProblem {
  expect(check.ok, JSON.stringify(check)).toBe(false);
  const found = check.ok ? undefined : check.problems.find((p) => p.field === field);
  expect(found, JSON.stringify(check)).toBeDefined();
  return { ...(found as DestinationProblem), message: inEnglish((found as DestinationProblem).message) };
}

/** A check with its notice as an English screen shows it, for tests. */
export function noticeInEnglish(check: DestinationCheck): DestinationCheck {
  return check.ok ? { ...check, notice: inEnglish(check.notice) ?? null } : check;
}

/** Words a screen in German and in French shows: the whole text, or a RegExp for its start or a part. */
export type GermanAndFrench = { de: string | RegExp; fr: string | RegExp };

/** Expects the one problem of a refused check, for `field`, worded as a screen in German and in French shows it. */
export function expectWorded(check: DestinationCheck, words: GermanAndFrench, field: DestinationProblem['field'] = 'address'): void {
  const found = check.ok ? undefined : check.problems.find((p) => p.field === field);
  expect(found, JSON.stringify(check)).toBeDefined();
  for (const language of ['de', 'fr'] as const) {
    const expected = words[language];
    const shown = inLanguage(language, found?.message) ?? '';
    if (typeof expected === 'string') expect(shown).toBe(expected);
    else expect(shown).toMatch(expected);
  }
}
