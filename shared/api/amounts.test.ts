import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonNumber, parseJsonLossless, stringifyJson } from '../money/json.ts';
import { PLAIN_DECIMAL, expectedDecimal, jsonNumberText, sameValue } from '../money/testing/json-numbers.ts';
import { amountInput, parseWith, positiveAmountInput, wireAmount } from './wire.ts';
import { quote } from './quote.ts';
import { inEnglish } from '../i18n/testing/in-english.ts';

// Exact amounts, at the schemas: an amount or rate the service sends, bare or as a string, in
// any JSON number form, is read as its exact decimal; an amount a person types is sent as plain digits.
const SEED = Number(process.env['FUZZ_SEED'] ?? 12_2025);
const RUNS = 1_500;

const QUOTE = { sender_currency: 'BTC', sender_amount: '1', receiver_currency: 'EUR', receiver_amount: '8549.8168', fee_currency: 'BTC', fee_amount: '0.1', price: '8549.8168', ts_fixed: 1, ts_release: 61, fix_period: 60 };

describe('amounts from the service', () => {
  it('read bare or as a string, any JSON number is the decimal it denotes, or a named field error', () => {
    fc.assert(
      fc.property(jsonNumberText, fc.boolean(), (text, asString) => {
        // As the client reads an answer: lossless, so a bare number arrives as its own text or a small integer.
        const { price } = parseJsonLossless(`{"price":${asString ? `"${text}"` : text}}`) as { price: unknown };
        const outcome = parseWith(quote, { ...QUOTE, price }, 'data');
        const expected = expectedDecimal(text);
        if (expected === null) {
          expect(outcome).toMatchObject({ ok: false, field: 'data.price' });
          expect(inEnglish(outcome.ok ? '' : outcome.message)).toMatch(/cannot be an amount$/);
          return;
        }
        expect(outcome).toMatchObject({ ok: true, value: { price: expected } });
        expect(sameValue(expected, text)).toBe(true);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('text that is not a number stays a named field error', () => {
    for (const text of ['lots', '1,5', ' 1', '1.', '.5', '+1', '0x10', 'NaN', 'Infinity', '']) {
      const outcome = parseWith(quote, { ...QUOTE, fee_amount: text }, 'data');
      expect(outcome).toMatchObject({ ok: false, field: 'data.fee_amount' });
      expect(inEnglish(outcome.ok ? '' : outcome.message)).toBe('is not a decimal amount');
    }
    expect(parseWith(quote, { ...QUOTE, fee_amount: true }, 'data')).toMatchObject({ ok: false, field: 'data.fee_amount' });
  });

  it('a float that reached the schema some other way is refused, not trusted', () => {
    expect(wireAmount.safeParse(0.1).success).toBe(false);
    expect(wireAmount.parse(381)).toBe('381');
  });
});

describe('amounts a person types', () => {
  it('an exponent is refused with its own words; a JSON number with one is never sent', () => {
    const withExponent = jsonNumberText.filter((text) => /e/i.test(text) && !text.startsWith('-'));
    fc.assert(
      fc.property(withExponent, (text) => {
        const parsed = amountInput.safeParse(text);
        expect(parsed.success, text).toBe(false);
        if (!parsed.success) expect(inEnglish(parsed.error.issues[0]?.message)).toBe('Enter a plain decimal number, without an exponent: 1500, not 1.5e3');
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('what is accepted goes on the wire as a plain JSON number of the same value, digit for digit', () => {
    const typed = fc
      .tuple(fc.stringMatching(/^[0-9]{1,20}$/), fc.option(fc.stringMatching(/^[0-9]{1,8}$/)), fc.stringMatching(/^ {0,2}$/))
      .map(([integer, fraction, space]) => `${space}${integer}${fraction === null ? '' : `.${fraction}`}${space}`);
    fc.assert(
      fc.property(typed, (text) => {
        const amount = amountInput.parse(text);
        expect(amount).toMatch(PLAIN_DECIMAL);
        expect(sameValue(amount, text.trim())).toBe(true);
        const body = stringifyJson({ sender_amount: jsonNumber(amount) });
        expect(body).toBe(`{"sender_amount":${amount}}`);
        // And the service reads back exactly that decimal.
        expect(parseJsonLossless(body)).toEqual({ sender_amount: /^\d{1,15}$/.test(amount) ? Number(amount) : amount });
      }),
      { numRuns: RUNS, seed: SEED },
    );
    expect(amountInput.parse('007')).toBe('7');
    expect(amountInput.parse('00.50')).toBe('0.50');
    expect(positiveAmountInput.safeParse('000').success).toBe(false);
  });
});
