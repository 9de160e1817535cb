import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJsonNotingNumbers } from '../../../shared/money/index.ts';
import type { NumberKeys } from '../../../shared/money/index.ts';
import { anyNumber, jsonText, shortInteger } from '../../../shared/money/testing/json-numbers.ts';
import { redactAnswer, redactParsedAnswer } from './tracking.ts';

/**
 * The journal keeps an answer the client has parsed from that parse (CallReceipt's `parsed`), not
 * from a second one of its text: what it keeps must be exactly what redacting the text gives, on
 * any JSON (every form of number, personal keys at any depth, repeated keys, "__proto__").
 */

const PERSONAL = ['sender_data', 'email', 'first_name', 'legal_name'];
const parsedOnce = (text: string) => {
  const numbers: NumberKeys = new WeakMap();
  return { json: parseJsonNotingNumbers(text, numbers), numbers };
};

describe('redactParsedAnswer', () => {
  it('keeps what redactAnswer keeps of the same text', () => {
    fc.assert(
      fc.property(fc.oneof(jsonText(shortInteger, PERSONAL), jsonText(anyNumber, PERSONAL)), fc.constantFrom([], ['Lovelace'], ['1.50']), (text, personal) => {
        const parsed = parsedOnce(text);
        // A value at the top that is not an object or an array is left to the text (redactParsedAnswer's null).
        const whole = typeof parsed.json === 'object' && parsed.json !== null;
        expect(redactParsedAnswer(parsed, personal)).toBe(whole ? redactAnswer(text, personal) : null);
      }),
      { numRuns: 1000 },
    );
  });

  it('writes each number back as it came, and never a numeric text as a number', () => {
    const text = '{"id":-0,"n":1.10,"big":123456789012345678901234567890,"e":1E+3,"s":"1.10","email":"a@b.c","list":[7,"7",-0.0]}';
    expect(redactParsedAnswer(parsedOnce(text))).toBe('{"id":-0,"n":1.10,"big":123456789012345678901234567890,"e":1E+3,"s":"1.10","list":[7,"7",-0.0]}');
  });
});
