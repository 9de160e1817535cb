import { describe, expect, it } from 'vitest';
import { balanceOf, exceedsBalance } from './balance-check.ts';

const balances = [
  { currency: 'BTC', type: 'crypto', balance: '1.25000000' },
  { currency: 'EUR', type: 'fiat', balance: '0.00000000' },
];

describe('one balance, read exactly', () => {
  it('finds a currency’s balance, or says the list has none', () => {
    expect(balanceOf(balances, 'BTC')).toEqual(balances[0]);
    expect(balanceOf(balances, 'btc')).toBeNull();
    expect(balanceOf(balances, 'XRP')).toBeNull();
  });

  it('compares as decimals, down to the last place, where a float would not', () => {
    expect(exceedsBalance('1.25', '1.25000000')).toBe(false);
    expect(exceedsBalance('1.25000001', '1.25000000')).toBe(true);
    // 9007199254740993 is not a float: as numbers these two are equal.
    expect(exceedsBalance('9007199254740993', '9007199254740992')).toBe(true);
    expect(exceedsBalance('0.1', '0.00000000')).toBe(true);
  });

  it('claims nothing about an amount still being typed, or a balance that is not a decimal', () => {
    expect(exceedsBalance('', '1')).toBeNull();
    expect(exceedsBalance('1.', '1')).toBeNull();
    expect(exceedsBalance('1e3', '1')).toBeNull();
    expect(exceedsBalance('2', '7.85e+76')).toBeNull();
  });
});
