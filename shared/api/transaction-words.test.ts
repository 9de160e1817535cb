import { describe, expect, it } from 'vitest';
import { txidProblem } from './transaction-words.ts';

describe('what the screen says of a txid', () => {
  it('flags a txid sent as a number, or one that does not look like a hash', () => {
    expect(txidProblem('7.85e+76', true)).toMatch(/arrived as a number/);
    expect(txidProblem('not-a-hash', false)).toMatch(/does not look like a transaction hash/);
    expect(txidProblem('a'.repeat(64), false)).toBeNull();
    expect(txidProblem(`0x${'F'.repeat(64)}`, false)).toBeNull();
  });
});
