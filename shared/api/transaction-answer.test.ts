import { describe, expect, it } from 'vitest';
import { parseJsonLossless, parseJsonNotingNumbers } from '../money/json.ts';
import type { NumberKeys } from '../money/json.ts';
import { transactionAnswer, transactionAnswerOf } from './transaction.ts';

// Which entries' txid arrived as a JSON number: only the one parse of the answer can tell, since a
// large number becomes its own text. The screen flags those txids (a hash cannot be a number).

const entry = (id: number, txid: string) => `{"id":${id},"currency":"BTC","transaction_type":"internal","amount":"1","txid":${txid}}`;
const setAside = (id: number) => `{"id":${id},"currency":"BTC","transaction_type":"blockchain","amount":"1,5","txid":1}`;
const answerWith = (entries: string[]) => `{"id":5,"foreign_id":164,"status":"confirmed","fees":[],"transactions":[${entries.join(',')}]}`;

function read(text: string) {
  const numbers: NumberKeys = new WeakMap();
  return transactionAnswerOf(numbers).parse(parseJsonNotingNumbers(text, numbers));
}

describe('a lookup answer read once, with where its numbers stood', () => {
  it('gives the places, among the entries kept, of those whose txid arrived as a number', () => {
    expect(read(answerWith([entry(1, '7.85e+76'), entry(2, '"ab12"'), entry(3, '42')])).numericTxids).toEqual([0, 2]);
  });

  it('counts places among the entries kept, past the ones set aside, which never count themselves', () => {
    const text = answerWith([entry(1, '7.85e+76'), setAside(2), entry(3, '1e3'), setAside(4), entry(5, '"7.85e+76"')]);
    const answer = read(text);
    expect(answer.unreadable.transactions.map((element) => element.index)).toEqual([1, 3]);
    expect(answer.transaction.transactions.map((kept) => kept.id)).toEqual([1, 3, 5]);
    expect(answer.numericTxids).toEqual([0, 1]);
  });

  it('flags nothing when there are no entries, or when only set-aside ones had a number', () => {
    expect(read(answerWith([])).numericTxids).toEqual([]);
    expect(read(answerWith([setAside(1)])).numericTxids).toEqual([]);
  });

  it('flags nothing in an answer read without the notes (a recorded lookup, read again for its report)', () => {
    expect(transactionAnswer.parse(parseJsonLossless(answerWith([entry(1, '7.85e+76')]))).numericTxids).toEqual([]);
  });
});
