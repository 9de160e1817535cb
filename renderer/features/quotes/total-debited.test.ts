import { describe, expect, it } from 'vitest';
import { totalDebited } from './total-debited.ts';

const quote = { sender_amount: '0.05', sender_currency: 'BTC', fee_amount: '0.0005', fee_currency: 'BTC' };

describe('the total an exchange takes from the balances', () => {
  it('adds a fee in the currency sent to the amount sent: 0.05 BTC takes 0.0505', () => {
    expect(totalDebited(quote)).toEqual({ kind: 'one', amount: '0.0505', currency: 'BTC' });
  });

  it('names a fee in another currency apart, as it is taken from that balance', () => {
    expect(totalDebited({ ...quote, fee_amount: '1.50', fee_currency: 'EUR' })).toEqual({
      kind: 'apart',
      amount: '0.05',
      currency: 'BTC',
      fee: '1.50',
      feeCurrency: 'EUR',
    });
  });

  it('adds nothing up when an amount is not a plain decimal', () => {
    expect(totalDebited({ ...quote, fee_amount: '7.85e+76' })).toEqual({ kind: 'unknown' });
  });
});
