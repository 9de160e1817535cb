import { describe, expect, it } from 'vitest';
import { fixedExchangeRequest } from './exchange.ts';
import { fieldMessages } from './wire.ts';
import { messagesInEnglish } from '../i18n/testing/in-english.ts';
import { quoteRequest } from './quote.ts';
import { transactionLookupRequest } from './transaction.ts';

const messages = (result: { success: boolean; error?: unknown }) =>
  result.success ? {} : messagesInEnglish(fieldMessages(result.error as Parameters<typeof fieldMessages>[0]));

describe('transaction lookup request (spec 4.1)', () => {
  it('takes exactly one of id or foreign_id', () => {
    expect(transactionLookupRequest.safeParse({ id: 5 }).success).toBe(true);
    expect(transactionLookupRequest.safeParse({ foreign_id: 'w-1' }).success).toBe(true);
    expect(messages(transactionLookupRequest.safeParse({})).id).toMatch(/exactly one/);
    expect(messages(transactionLookupRequest.safeParse({ id: 5, foreign_id: 'w-1' })).foreign_id).toMatch(/exactly one/);
  });

  it('takes a txid as the single parameter, never beside id or foreign_id', () => {
    expect(transactionLookupRequest.safeParse({ txid: ' 3950ad8149421a850d01dff88f024810e363ac18c9e8dd9bc0b9116e7937ad93 ' })).toMatchObject({
      success: true,
      data: { txid: '3950ad8149421a850d01dff88f024810e363ac18c9e8dd9bc0b9116e7937ad93' },
    });
    expect(messages(transactionLookupRequest.safeParse({ id: 5, txid: 'ab12' })).txid).toMatch(/exactly one/);
    expect(messages(transactionLookupRequest.safeParse({ foreign_id: 'w-1', txid: 'ab12' })).txid).toMatch(/exactly one/);
  });

  it('takes a txid of one word up to 255 characters', () => {
    expect(messages(transactionLookupRequest.safeParse({ txid: '   ' })).txid).toMatch(/Enter the transaction hash/);
    expect(messages(transactionLookupRequest.safeParse({ txid: 'ab 12' })).txid).toMatch(/without spaces/);
    expect(messages(transactionLookupRequest.safeParse({ txid: 'ab\u00e912' })).txid).toMatch(/without spaces/);
    expect(messages(transactionLookupRequest.safeParse({ txid: 'f'.repeat(256) })).txid).toMatch(/255/);
    expect(transactionLookupRequest.safeParse({ txid: 'f'.repeat(255) }).success).toBe(true);
  });

  it('sends a 64-hex txid in lower case, with or without 0x, and any other hash as typed', () => {
    const hash = '3950ad8149421a850d01dff88f024810e363ac18c9e8dd9bc0b9116e7937ad93';
    expect(transactionLookupRequest.parse({ txid: ` ${hash.toUpperCase()} ` })).toEqual({ txid: hash });
    expect(transactionLookupRequest.parse({ txid: `0X${hash.toUpperCase()}` })).toEqual({ txid: `0x${hash}` });
    // base58 and shorter forms are case-sensitive: they go as typed.
    expect(transactionLookupRequest.parse({ txid: 'ABCdef12' })).toEqual({ txid: 'ABCdef12' });
    expect(transactionLookupRequest.parse({ txid: `${hash.toUpperCase()}A` })).toEqual({ txid: `${hash.toUpperCase()}A` });
  });

  it('takes a positive 32-bit integer id', () => {
    expect(transactionLookupRequest.safeParse({ id: 0 }).success).toBe(false);
    expect(transactionLookupRequest.safeParse({ id: 1.5 }).success).toBe(false);
    expect(transactionLookupRequest.safeParse({ id: 2 ** 31 }).success).toBe(false);
  });
});

describe('quote request (spec 4.2)', () => {
  const base = { sender_currency: 'BTC', receiver_currency: 'EUR' };
  it('takes an amount on exactly one side', () => {
    expect(quoteRequest.safeParse({ ...base, sender_amount: '0.01' }).success).toBe(true);
    expect(quoteRequest.safeParse({ ...base, receiver_amount: '100' }).success).toBe(true);
    expect(messages(quoteRequest.safeParse(base)).sender_amount).toMatch(/exactly one side/);
    expect(messages(quoteRequest.safeParse({ ...base, sender_amount: '1', receiver_amount: '1' })).receiver_amount).toMatch(
      /exactly one side/,
    );
  });

  it('refuses negative amounts and the same currency twice', () => {
    expect(messages(quoteRequest.safeParse({ ...base, sender_amount: '-1' })).sender_amount).toMatch(/plain decimal/);
    expect(messages(quoteRequest.safeParse({ ...base, receiver_currency: 'BTC', sender_amount: '1' })).receiver_currency).toMatch(
      /different/,
    );
  });
});

describe('fixed exchange request (spec 4.5)', () => {
  const base = { foreign_id: 'ex-1', price: '8549.8168', sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '1' };
  it('requires foreign_id up to 255 characters and the price', () => {
    expect(fixedExchangeRequest.safeParse(base).success).toBe(true);
    expect(messages(fixedExchangeRequest.safeParse({ ...base, foreign_id: 'x'.repeat(256) })).foreign_id).toMatch(/255/);
    expect(messages(fixedExchangeRequest.safeParse({ ...base, price: undefined })).price).toBeDefined();
  });

  it('requires the quoted amount, >= 0', () => {
    expect(messages(fixedExchangeRequest.safeParse({ ...base, sender_amount: undefined })).sender_amount).toMatch(/quoted amount/);
    expect(messages(fixedExchangeRequest.safeParse({ ...base, sender_amount: '-0.1' })).sender_amount).toBeDefined();
  });
});

describe('amount text that is not a decimal', () => {
  it('is a field error, never an exception, even where the amount must be above zero', async () => {
    const { positiveAmountInput } = await import('./wire.ts');
    for (const text of ['12,5', '1e3', 'abc', '', '-1']) {
      const parsed = positiveAmountInput.safeParse(text);
      expect(parsed.success, text).toBe(false);
    }
    expect(positiveAmountInput.safeParse('0').success).toBe(false);
    expect(positiveAmountInput.safeParse('0.00000001').success).toBe(true);
  });
});
