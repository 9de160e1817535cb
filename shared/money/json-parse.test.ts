import { describe, expect, it } from 'vitest';
import { parseJsonExact, parseJsonLossless, stringifyJson } from './json.ts';

/**
 * The JSON readers are JSON.parse itself, with each number's source text (lossless-json's
 * own parser took 100 to 250 ms of the main thread for a padded 256 KiB answer). What a reader
 * must still hold to: exact numbers, the same answers as before for everything the service sends.
 */

describe('parseJsonLossless', () => {
  it('keeps small integers as numbers and every other number as its own text', () => {
    expect(parseJsonLossless('{"id":134700001,"n":-0,"a":12345678.12345678,"b":1.10,"c":1e400,"d":1234567890123456,"e":"1.5"}')).toEqual({
      id: 134700001,
      n: -0,
      a: '12345678.12345678',
      b: '1.10',
      c: '1e400',
      d: '1234567890123456',
      e: '1.5',
    });
  });

  it('keeps a "__proto__" key as an own property, never as a prototype', () => {
    const value = parseJsonLossless('{"__proto__":{"polluted":true}}') as Record<string, unknown>;
    expect(Object.hasOwn(value, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((value as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('reads a repeated key as JSON.parse does everywhere: the last value', () => {
    expect(parseJsonLossless('{"status":"confirmed","status":"declined"}')).toEqual({ status: 'declined' });
  });

  it('throws only SyntaxError for what is not JSON', () => {
    for (const text of ['', '{', '{"a":1,}', "{'a':1}", '{"a":"\u0001"}', 'NaN', '[1] x']) expect(() => parseJsonLossless(text), text).toThrow(SyntaxError);
  });

  it('reads long text values whole (the size caps of each endpoint bound them, answer-limits.ts)', () => {
    expect((parseJsonLossless(`{"t":"${'x'.repeat(1024 * 1024)}"}`) as { t: string }).t).toHaveLength(1024 * 1024);
  });
});

describe('parseJsonExact', () => {
  it('writes numbers back exactly as they came, and never as text', () => {
    const text = '{"a":12345678.12345678,"b":1.10,"c":123456789012345678901234567890,"d":-0,"e":1e400,"f":"1.5","g":[1,2.50]}';
    expect(stringifyJson(parseJsonExact(text))).toBe(text);
  });

  it('refuses deep nesting and broken JSON with a SyntaxError', () => {
    expect(() => parseJsonExact('['.repeat(1000))).toThrow(SyntaxError);
    expect(() => parseJsonExact('{"a":')).toThrow(SyntaxError);
  });
});
