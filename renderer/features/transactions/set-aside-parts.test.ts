import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { transactionAnswerOf } from '../../../shared/api/transaction.ts';
import { parseJsonNotingNumbers } from '../../../shared/money/json.ts';
import type { NumberKeys } from '../../../shared/money/json.ts';
import { readableText, staticMarkup } from '../../testing/static-markup.ts';
import { TransactionResult } from './TransactionResult.tsx';

// Parts set aside, not the whole answer, on the Transactions screen: a lookup whose answer has an entry and a fee that cannot be
// read shows everything else, and each one set aside with its field and value as received.

const raw =
  '{"id":42,"status":"confirmed","type":"deposit",' +
  '"fees":[{"type":"mining","currency":"BTC","amount":"0.00002000"},{"type":"deposit","currency":"BTC","amount":"1,5"}],' +
  '"transactions":[{"id":1,"currency":"BTC","transaction_type":7,"amount":"1"},' +
  '{"id":2,"currency":"BTC","transaction_type":"blockchain","amount":"0.00300000","txid":7.85e+76,"confirmations":3}]}';

// Read as main reads it (platform/api/transactions.ts): one parse, which notes where numbers stood.
const numbers: NumberKeys = new WeakMap();
const read = transactionAnswerOf(numbers).parse(parseJsonNotingNumbers(raw, numbers));
const answer = { ...read, raw, lookedUpAt: '2025-06-01T12:00:00.000Z', journalId: 7 };
const html = staticMarkup(createElement(TransactionResult, { answer }));
const text = readableText(html);

describe('a looked-up transaction with an entry and a fee set aside', () => {
  it('shows the fee it could read, exactly, and the one it could not', () => {
    expect(text).toContain('0.00002000');
    expect(text).toContain('1 fee set aside: the console could not read it.');
    expect(text).toContain('#2 unreadable: amount = 1,5 (is not a decimal amount)');
  });

  it('shows the entry it could read, counts the one set aside and says why', () => {
    expect(text).toContain('Entries (1, 1 set aside)');
    expect(text).toContain('1 entry set aside');
    expect(text).toContain('#1 unreadable: transaction_type = 7 (expected string, received number)');
    expect(text).toContain('0.00300000');
  });

  it('flags the txid main saw arrive as a number, at the entry’s own place among those kept', () => {
    expect(text).toContain('arrived as a number, not as text');
  });
});
