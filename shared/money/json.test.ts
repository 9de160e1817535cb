import { describe, expect, it } from 'vitest';
import { jsonNumber, parseJsonLossless, stringifyJson } from './json.ts';

describe('lossless JSON', () => {
  it('keeps a long JSON number exactly as its text', () => {
    const parsed = parseJsonLossless('{"amount":12345678.12345678,"n":381,"s":"0.0008"}') as Record<string, unknown>;
    expect(parsed.amount).toBe('12345678.12345678');
    expect(parsed.n).toBe(381);
    expect(parsed.s).toBe('0.0008');
  });

  it('keeps huge integers and exponents as text instead of rounding them', () => {
    const parsed = parseJsonLossless('{"big":123456789012345678901,"hash":7.85e+76}') as Record<string, unknown>;
    expect(parsed.big).toBe('123456789012345678901');
    expect(parsed.hash).toBe('7.85e+76');
  });

  it('writes decimal text as a bare JSON number, digit for digit', () => {
    const text = stringifyJson({ sender_amount: jsonNumber('12345678.12345678'), title: 'a/b <c>' });
    expect(text).toBe('{"sender_amount":12345678.12345678,"title":"a/b <c>"}');
    // Eighteen significant digits: a float round trip would lose the last ones.
    expect(stringifyJson([jsonNumber('1234567890.12345678')])).toBe('[1234567890.12345678]');
    expect(String(Number('1234567890.12345678'))).not.toBe('1234567890.12345678');
    expect(parseJsonLossless('[1234567890.12345678]')).toEqual(['1234567890.12345678']);
  });

  it('refuses invalid JSON with an error rather than a partial value', () => {
    expect(() => parseJsonLossless('{"a":')).toThrow();
  });
});
