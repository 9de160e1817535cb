import { describe, expect, it } from 'vitest';
import { inEnglish, inLanguage, messagesInEnglish } from '../../../shared/i18n/testing/in-english.ts';
import { fieldMessages } from '../../../shared/api/wire.ts';
import type { QuoteFormValues } from './quote-form-schema.ts';
import { ENTER_AMOUNT, formDefaults, formFieldOf, quoteFormSchema, quoteFormSchemaFor, toQuoteRequest } from './quote-form-schema.ts';
import { placesIn } from './use-quote-currencies.ts';

const filled: QuoteFormValues = { sender_currency: 'BTC', receiver_currency: 'EUR', side: 'sender', amount: '0.01' };

function messagesOf(values: QuoteFormValues): Record<string, string> {
  const result = quoteFormSchema.safeParse(values);
  return result.success ? {} : messagesInEnglish(fieldMessages(result.error));
}

describe('the quote form', () => {
  it('turns the chosen side and the one amount into the request main takes', () => {
    expect(quoteFormSchema.parse(filled)).toEqual({ sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '0.01' });
    expect(quoteFormSchema.parse({ ...filled, side: 'receiver', amount: ' 250.5 ' })).toEqual({
      sender_currency: 'BTC',
      receiver_currency: 'EUR',
      receiver_amount: '250.5',
    });
    expect(toQuoteRequest({ ...filled, amount: '' })).toEqual({ sender_currency: 'BTC', receiver_currency: 'EUR' });
  });

  it('says so when the amount is empty, once', () => {
    expect(messagesOf({ ...filled, amount: '  ' })).toEqual({ amount: inEnglish(ENTER_AMOUNT) });
  });

  it('refuses text, a sign, an exponent or a misplaced comma, each with its reason in the form’s words', () => {
    const cases: [string, string][] = [
      ['abc', 'Use digits only, with “.” before the decimals, such as 1,234.56'],
      ['0x10', 'Use digits only, with “.” before the decimals, such as 1,234.56'],
      ['-1', 'Enter the amount without a minus sign: an amount is never negative'],
      ['.5', 'Write digits on both sides of “.”, such as 0.5'],
      ['1e5', 'Write the amount out in full, without an exponent: 1500, not 1.5e3'],
      ['1.5E+3', 'Write the amount out in full, without an exponent: 1500, not 1.5e3'],
    ];
    for (const [amount, reason] of cases) expect(messagesOf({ ...filled, amount }), amount).toEqual({ amount: reason });
    // In English a comma only groups: "1,5" is never read as 1.5 or 15.
    expect(messagesOf({ ...filled, amount: '1,5' }).amount).toMatch(/thousands in groups of 3 digits/);
    // Groups as the window writes them are read: "1,234.5" is 1234.5.
    expect(quoteFormSchema.parse({ ...filled, side: 'receiver', amount: '1,234.5' })).toMatchObject({ receiver_amount: '1234.5' });
  });

  it('reads German 1.234,56 as 1234.56 and refuses 1.234 as ambiguous, worded in the window’s language', () => {
    const german = quoteFormSchemaFor(false, undefined, 'de-DE');
    expect(german.parse({ ...filled, side: 'receiver', amount: '1.234,56' })).toEqual({ sender_currency: 'BTC', receiver_currency: 'EUR', receiver_amount: '1234.56' });
    const refused = german.safeParse({ ...filled, side: 'receiver', amount: '1.234' });
    expect(refused.success ? {} : messagesInEnglish(fieldMessages(refused.error))).toEqual({ amount: '“1.234” can be read two ways: write 1234 for the whole number, or 1,234 for the decimal' });
    const inGerman = quoteFormSchemaFor(false, undefined, 'de-DE').safeParse({ ...filled, amount: '1.234' });
    expect(inGerman.success ? '' : inLanguage('de', fieldMessages(inGerman.error).amount)).toContain('lässt sich auf zwei Arten lesen');
    // Places are counted on the decimal read: 1.000,123 EUR has three.
    const places = german.safeParse({ ...filled, side: 'receiver', amount: '1.000,123' });
    expect(places.success ? {} : inEnglish(fieldMessages(places.error).amount ?? '')).toBe('EUR takes at most 2 decimal places');
  });

  it('refuses more than 8 decimal places, on either side', () => {
    expect(messagesOf({ ...filled, amount: '0.123456789' })).toEqual({ amount: 'Use at most 8 decimal places' });
    expect(messagesOf({ ...filled, side: 'receiver', amount: '1.000000001' })).toEqual({ amount: 'Use at most 8 decimal places' });
    expect(messagesOf({ ...filled, amount: '0.12345678' })).toEqual({});
  });

  it('takes an amount at its own currency’s places: EUR 2, as the invoice form does, BTC 8', () => {
    expect(messagesOf({ ...filled, side: 'receiver', amount: '1000.123' })).toEqual({ amount: 'EUR takes at most 2 decimal places' });
    expect(messagesOf({ ...filled, side: 'receiver', amount: '1000.12' })).toEqual({});
    expect(messagesOf({ ...filled, sender_currency: 'EUR', receiver_currency: 'BTC', amount: '1000.123' })).toEqual({
      amount: 'EUR takes at most 2 decimal places',
    });
    expect(messagesOf({ ...filled, sender_currency: 'EUR', receiver_currency: 'BTC', side: 'receiver', amount: '0.123' })).toEqual({});
  });

  it('reads the places by the type the pairs list gives a currency', () => {
    const schema = quoteFormSchemaFor(false, placesIn({ from: ['XAU'], to: ['BTC'], kinds: { XAU: 'fiat', BTC: 'crypto' } }));
    const result = schema.safeParse({ sender_currency: 'XAU', receiver_currency: 'BTC', side: 'sender', amount: '1.005' });
    expect(result.success ? {} : messagesInEnglish(fieldMessages(result.error))).toEqual({ amount: 'XAU takes at most 2 decimal places' });
  });

  it('refuses the same currency on both sides, next to the receiving currency', () => {
    expect(messagesOf({ ...filled, receiver_currency: 'BTC' })).toEqual({ receiver_currency: 'Choose two different currencies' });
  });

  it('reports every broken rule at once', () => {
    expect(messagesOf({ ...filled, receiver_currency: 'BTC', amount: '1,5' })).toEqual({
      amount: 'Write the amount as 1,234.56 or 1234.56: thousands in groups of 3 digits, the decimals after “.”',
      receiver_currency: 'Choose two different currencies',
    });
  });

  it('places the service and router field names on its own fields', () => {
    expect(formFieldOf('sender_amount')).toBe('amount');
    expect(formFieldOf('receiver_amount')).toBe('amount');
    expect(formFieldOf('receiver_currency')).toBe('receiver_currency');
    expect(formFieldOf('sender_currency')).toBe('sender_currency');
    expect(formFieldOf('foreign_id')).toBeNull();
  });

  it('starts on BTC to EUR when offered, and never on the same code twice', () => {
    expect(formDefaults(['ETH', 'BTC'], ['EUR', 'BTC'])).toMatchObject({ sender_currency: 'BTC', receiver_currency: 'EUR' });
    expect(formDefaults(['ETH'], ['ETH', 'USD'])).toMatchObject({ sender_currency: 'ETH', receiver_currency: 'USD' });
    expect(formDefaults([], [])).toMatchObject({ sender_currency: '', receiver_currency: '' });
  });
});
