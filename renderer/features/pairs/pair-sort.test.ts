import { describe, expect, it } from 'vitest';
import { compareDecimalText } from './pair-sort.ts';

const sorted = (values: (string | undefined)[]) => [...values].sort(compareDecimalText);

describe('sorting amounts and rates', () => {
  it('orders by decimal value, not as text ("10" after "9")', () => {
    expect(sorted(['10', '9', '0.5', '100.00000000'])).toEqual(['0.5', '9', '10', '100.00000000']);
  });

  it('tells apart digits a float would lose', () => {
    expect(sorted(['12345678.12345679', '12345678.12345678'])).toEqual(['12345678.12345678', '12345678.12345679']);
    expect(compareDecimalText('9007199254740993', '9007199254740992')).toBe(1);
  });

  it('treats equal values written differently as equal', () => {
    expect(compareDecimalText('1.0', '1')).toBe(0);
    expect(compareDecimalText('0.00010000', '0.0001')).toBe(0);
  });

  it('puts a missing amount after every present one', () => {
    expect(sorted([undefined, '5', '0.1'])).toEqual(['0.1', '5', undefined]);
  });
});
