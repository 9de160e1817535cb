import { describe, expect, it } from 'vitest';
import { MAX_JSON_NESTING, parseJsonLossless } from './json.ts';

// Found by the response fuzzer (electron/platform/api/responses.fuzz.test.ts): a body of a few thousand
// `[` overflowed lossless-json's recursion and threw a RangeError, not the documented SyntaxError.

const nested = (depth: number, open = '[', close = ']') => open.repeat(depth) + close.repeat(depth);

describe('lossless JSON nesting', () => {
  it('refuses nesting far beyond any answer with a SyntaxError, not a stack overflow', () => {
    for (const text of [nested(100_000), nested(MAX_JSON_NESTING + 1), `{"a":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_001)}`]) {
      expect(() => parseJsonLossless(text)).toThrow(SyntaxError);
    }
    // Unclosed, as a truncated answer is: still a SyntaxError.
    expect(() => parseJsonLossless('['.repeat(50_000))).toThrow(SyntaxError);
  });

  it('reads nesting up to the limit, and brackets inside strings do not count', () => {
    expect(parseJsonLossless(nested(MAX_JSON_NESTING))).toBeInstanceOf(Array);
    const text = JSON.stringify({ data: { note: '[[[{{{'.repeat(1_000), escaped: '\\"[[[' } });
    expect(parseJsonLossless(text)).toEqual(JSON.parse(text));
  });
});
