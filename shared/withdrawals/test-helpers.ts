import { expect } from 'vitest';
import type { Language } from '../i18n/languages.ts';
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

/** The one problem's message of a refused check as a screen in `language` shows it. */
export function problemIn(language: Language, check: DestinationCheck, field: DestinationProblem['field'] = 'address'): string {
  const found = check.ok ? undefined : check.problems.find((p) => p.field === field);
  expect(found, JSON.stringify(check)).toBeDefined();
  return inLanguage(language, found?.message) ?? '';
}
