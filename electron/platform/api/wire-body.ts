import { jsonNumber } from '../../../shared/money/index.ts';

/**
 * Request bodies are built field by field in the spec's order, leaving out what was not given.
 * The spec types amounts as numbers (4.2, 4.4, 4.5), so an amount goes on the wire as a bare JSON
 * number written from its decimal text, digit for digit: never through a float.
 */
export function compactBody(entries: ReadonlyArray<readonly [string, unknown]>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    if (value !== undefined) body[key] = value;
  }
  return body;
}

/** An amount as a JSON number, or nothing when it was not given. */
export function wireNumber(decimalText: string | undefined): ReturnType<typeof jsonNumber> | undefined {
  return decimalText === undefined ? undefined : jsonNumber(decimalText);
}
