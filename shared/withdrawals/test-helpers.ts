import { expect } from 'vitest';
import { inEnglish } from '../i18n/testing/in-english.ts';
import type { DestinationCheck, DestinationProblem } from './index.ts';

/** The one problem of a refused check, for tests, its message as an English screen shows it. */
export function problemOf(check: DestinationCheck, field: DestinationProblem['field'] = 'address'): DestinationProblem {
  expect(check.ok, JSON.stringify(check)).toBe(false);
  const found = check.ok ? undefined : check.problems.find((p) => p.field === field);
  expect(found, JSON.stringify(check)).toBeDefined();
  return { ...(found as DestinationProblem), message: inEnglish((found as DestinationProblem).message) };
}
