import fc from 'fast-check';
import { LosslessNumber } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { parseJsonExact, parseJsonLossless, parseJsonNotingNumbers, stringifyJson } from './json.ts';
import type { NumberKeys } from './json.ts';
import { anyJson } from './testing/json-numbers.ts';

/**
 * The readers skip JSON.parse's reviver when every number in the text is a short integer (a plain
 * parse, then one walk where numbers are noted or converted). Whatever text they take, the result
 * must be the one the reviver gives: held here to a reference that always uses it, written apart
 * from the code, on generated JSON where either way may be taken.
 */

type SourceReviver = (this: object, key: string, value: unknown, context?: { source?: string }) => unknown;

function reference(text: string, number: (source: string) => unknown, numbers?: NumberKeys): unknown {
  const reviver: SourceReviver = function (key, value, context) {
    if (typeof value !== 'number') return value;
    if (numbers) numbers.set(this, new Set([...(numbers.get(this) ?? []), key]));
    return number(context?.source ?? String(value));
  };
  return JSON.parse(text, reviver as (key: string, value: unknown) => unknown);
}

const lossless = (source: string): unknown => (/^-?\d{1,15}$/.test(source) ? Number(source) : source);
const exact = (source: string): unknown => new LosslessNumber(source);

/** Every object and array in `value`, depth first, with the keys each holds in enumeration order. */
function holders(value: unknown, into: Array<{ holder: object; keys: string[] }> = []): Array<{ holder: object; keys: string[] }> {
  if (typeof value !== 'object' || value === null || value instanceof LosslessNumber) return into;
  into.push({ holder: value, keys: Object.keys(value) });
  for (const key of Object.keys(value)) holders((value as Record<string, unknown>)[key], into);
  return into;
}

/** The noted keys of each holder, in the order noted, or null where none were. */
const notedOf = (value: unknown, numbers: NumberKeys) => holders(value).map(({ holder, keys }) => ({ keys, noted: numbers.has(holder) ? [...(numbers.get(holder) ?? [])] : null }));


describe('JSON readers without the reviver give what the reviver gives', () => {
  it('parseJsonLossless', () => {
    fc.assert(
      fc.property(anyJson, (text) => {
        expect(parseJsonLossless(text)).toStrictEqual(reference(text, lossless));
      }),
      { numRuns: 1000 },
    );
  });

  it('parseJsonNotingNumbers: the same value, and the same keys noted in each object and array', () => {
    fc.assert(
      fc.property(anyJson, (text) => {
        const numbers: NumberKeys = new WeakMap();
        const expectedNumbers: NumberKeys = new WeakMap();
        const value = parseJsonNotingNumbers(text, numbers);
        const expected = reference(text, lossless, expectedNumbers);
        expect(value).toStrictEqual(expected);
        expect(notedOf(value, numbers)).toEqual(notedOf(expected, expectedNumbers));
      }),
      { numRuns: 1000 },
    );
  });

  it('parseJsonExact: the same LosslessNumbers, written back the same', () => {
    fc.assert(
      fc.property(anyJson, (text) => {
        const value = parseJsonExact(text);
        const expected = reference(text, exact);
        expect(value).toStrictEqual(expected);
        expect(stringifyJson(value)).toBe(stringifyJson(expected));
      }),
      { numRuns: 1000 },
    );
  });

  it('text that is not JSON is still refused with a SyntaxError either way', () => {
    // Cut anywhere or with a byte changed, generated JSON is mostly broken: each reader fails exactly when the reference does.
    const broken = fc.tuple(anyJson, fc.nat(), fc.constantFrom('', '.', 'e', '-', '"', '}', ']', '0', '1.', ':')).map(([text, at, insert]) => {
      const cut = at % (text.length + 1);
      return text.slice(0, cut) + insert + text.slice(cut + 1);
    });
    fc.assert(
      fc.property(broken, (text) => {
        let expectedError: unknown = null;
        try {
          reference(text, lossless);
        } catch (error) {
          expectedError = error;
        }
        for (const read of [parseJsonLossless, parseJsonExact, (t: string) => parseJsonNotingNumbers(t, new WeakMap())]) {
          if (expectedError === null) expect(() => read(text)).not.toThrow();
          else expect(() => read(text)).toThrow(SyntaxError);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps the cases a walk after the parse could get wrong', () => {
    // Negative zero, written back with its sign; a "__proto__" key holding a number stays an own property.
    expect(stringifyJson(parseJsonExact('{"a":-0,"b":[-0,0]}'))).toBe('{"a":-0,"b":[-0,0]}');
    const proto = parseJsonExact('{"__proto__":5}') as Record<string, unknown>;
    expect(Object.hasOwn(proto, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
    expect(proto.__proto__).toStrictEqual(new LosslessNumber('5'));
    // Integer-like keys come first, as they enumerate; a repeated key is noted once, for its last value.
    const numbers: NumberKeys = new WeakMap();
    const value = parseJsonNotingNumbers('{"b":1,"2":2,"a":"x","1":3,"b":4,"c":"1"}', numbers) as object;
    expect([...(numbers.get(value) ?? [])]).toEqual(['1', '2', 'b']);
    // A number at the top is read, and there is nothing of the caller's to note it in.
    expect(parseJsonLossless(' -0 ')).toBe(-0);
    expect(parseJsonExact('12')).toStrictEqual(new LosslessNumber('12'));
    // Fifteen digits stay a number, sixteen are text; digits inside strings change nothing.
    expect(parseJsonLossless('[999999999999999,-999999999999999,1000000000000000,"12345678901234567"]')).toEqual([
      999999999999999,
      -999999999999999,
      '1000000000000000',
      '12345678901234567',
    ]);
  });
});
