import { describe, expect, it } from 'vitest';
import { parseJsonLossless } from '../money/json.ts';
import { MAX_VALUE_TEXT, parseWith, readableList, receivedText } from './wire.ts';
import { pair } from './pair.ts';
import { transactionAnswer } from './transaction.ts';
import { eachMessageInEnglish } from '../i18n/testing/in-english.ts';

const pairs = readableList(pair);

/** A pair as the service writes it, with the field `rate_to` given as raw JSON text. */
const pairText = (from: string, to: string, rateTo: string) =>
  `{"currency_from":{"currency":"${from}","type":"crypto"},"currency_to":{"currency":"${to}","type":"fiat"},"rate_from":"1","rate_to":${rateTo}}`;

const read = (elements: string[]) => pairs.parse(parseJsonLossless(`[${elements.join(',')}]`));

describe('a list answer is read element by element', () => {
  it('keeps every good element exactly, in order, and sets the bad one aside with its field and value as received', () => {
    const list = read([
      pairText('BTC', 'EUR', '"20693.84879354"'),
      pairText('ETH', 'EUR', '"not a rate"'),
      pairText('LTC', 'EUR', '12345678901234567890.123456789'),
      pairText('XRP', 'EUR', '1.5e-7'),
    ]);
    expect(list.items.map((p) => [p.currency_from.currency, p.rate_to])).toEqual([
      ['BTC', '20693.84879354'],
      ['LTC', '12345678901234567890.123456789'],
      // An exponent is a JSON number like any other: read as the exact decimal it denotes.
      ['XRP', '0.00000015'],
    ]);
    expect(eachMessageInEnglish(list.unreadable)).toEqual([{ index: 1, field: 'rate_to', value: 'not a rate', message: 'is not a decimal amount' }]);
  });

  it('says which field is missing, which has the wrong type, and when the element is not an object at all', () => {
    const list = read([
      '{"currency_from":{"currency":"BTC","type":"crypto"},"currency_to":{"type":"fiat"},"rate_from":"1","rate_to":"2"}',
      pairText('ETH', 'EUR', 'true'),
      '"BTC/EUR"',
      'null',
      pairText('BTC', 'USD', '"65000"'),
    ]);
    expect(list.items.map((p) => p.rate_to)).toEqual(['65000']);
    expect(eachMessageInEnglish(list.unreadable)).toEqual([
      { index: 0, field: 'currency_to.currency', value: null, message: 'is missing' },
      { index: 1, field: 'rate_to', value: 'true', message: 'expected string or number' },
      { index: 2, field: '', value: 'BTC/EUR', message: 'expected object, received string' },
      { index: 3, field: '', value: 'null', message: 'expected object, received null' },
    ]);
  });

  it('cuts a long value so that a huge field cannot flood the screen', () => {
    const list = read([pairText('BTC', 'EUR', `"${'9'.repeat(500)}x"`)]);
    expect(list.unreadable[0]?.value).toBe(`${'9'.repeat(MAX_VALUE_TEXT)}…`);
    expect(receivedText({ a: [1, '2'] })).toBe('{"a":[1,"2"]}');
  });

  it('still refuses, as a whole, a list that is not a list', () => {
    for (const notAList of [null, {}, 'pairs', 3, { 0: {} }]) {
      expect(pairs.safeParse(notAList).success, JSON.stringify(notAList)).toBe(false);
    }
    expect(parseWith(pairs, { length: 1 }, 'data')).toMatchObject({ ok: false, field: 'data' });
  });
});

describe('a transaction keeps its readable entries and fees', () => {
  const answer = {
    id: 77,
    status: 'confirmed',
    fees: [
      { type: 'mining', currency: 'BTC', amount: '0.0008' },
      { type: 'deposit', currency: 'BTC', amount: { value: 1 } },
    ],
    transactions: [
      { id: 1, currency: 'BTC', transaction_type: 7, amount: '1' },
      { id: 2, currency: 'BTC', transaction_type: 'exchange', amount: '0.1', currency_to: 'EUR', amount_to: '2000.12345678' },
    ],
  };

  it('sets each bad one aside in its own list', () => {
    const { transaction, unreadable } = transactionAnswer.parse(answer);
    expect(transaction.fees).toEqual([{ type: 'mining', currency: 'BTC', amount: '0.0008' }]);
    expect(transaction.transactions).toEqual([answer.transactions[1]]);
    expect(eachMessageInEnglish(unreadable.fees)).toEqual([{ index: 1, field: 'amount', value: '{"value":1}', message: 'expected string or number' }]);
    expect(unreadable.transactions).toEqual([
      {
        index: 0,
        field: 'transaction_type',
        value: '7',
        message: 'expected string, received number',
      },
    ]);
  });

  it('is still unreadable as a whole when a list is not a list or the transaction itself is wrong', () => {
    expect(parseWith(transactionAnswer, { ...answer, fees: null })).toMatchObject({ ok: false, field: 'fees' });
    // A status the console does not know is kept (open-values.test.ts); one that is not text is unreadable.
    expect(parseWith(transactionAnswer, { ...answer, status: 7 })).toMatchObject({ ok: false, field: 'status' });
  });
});
