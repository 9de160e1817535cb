import { describe, expect, it } from 'vitest';
import { arrivedAsNumber, rawShapeOf, receivedIndexes, txidProblem } from './raw-shape.ts';

describe('what the raw answer still knows', () => {
  const shape = rawShapeOf('{"id":5,"foreign_id":164,"transactions":[{"txid":7.85e+76},{"txid":"ab12"}]}');

  it('sees a number where text belonged', () => {
    expect(arrivedAsNumber(shape, ['transactions', 0, 'txid'])).toBe(true);
    expect(arrivedAsNumber(shape, ['transactions', 1, 'txid'])).toBe(false);
    expect(arrivedAsNumber(shape, ['foreign_id'])).toBe(true);
    expect(arrivedAsNumber(shape, ['transactions', 5, 'txid'])).toBe(false);
  });

  it('answers null for text that is not JSON, and then flags nothing', () => {
    const broken = rawShapeOf('{"id":');
    expect(broken).toBeNull();
    expect(arrivedAsNumber(broken, ['id'])).toBe(false);
  });

  it('flags a txid sent as a number, or one that does not look like a hash', () => {
    expect(txidProblem('7.85e+76', true)).toMatch(/arrived as a number/);
    expect(txidProblem('not-a-hash', false)).toMatch(/does not look like a transaction hash/);
    expect(txidProblem('a'.repeat(64), false)).toBeNull();
    expect(txidProblem(`0x${'F'.repeat(64)}`, false)).toBeNull();
  });

  it('finds where each shown entry stood in the raw answer when some were set aside (issue 12)', () => {
    expect(receivedIndexes(3, [])).toEqual([0, 1, 2]);
    expect(receivedIndexes(2, [{ index: 0 }])).toEqual([1, 2]);
    expect(receivedIndexes(3, [{ index: 1 }, { index: 3 }])).toEqual([0, 2, 4]);
    expect(receivedIndexes(0, [{ index: 0 }])).toEqual([]);
  });
});
