import { describe, expect, it } from 'vitest';
import type { Quote } from '../../../shared/api/quote.ts';
import { balanceWarning } from './balance-warning.ts';
import { english } from '../../testing/intl.ts';

const quote = (patch: Partial<Quote> = {}): Quote => ({
  sender_currency: 'BTC',
  sender_amount: '1.20000000',
  receiver_currency: 'EUR',
  receiver_amount: '70000.00',
  fee_currency: 'BTC',
  fee_amount: '0.06000000',
  price: '58333.33',
  ts_fixed: 1,
  ts_release: 61,
  fix_period: 60,
  ...patch,
});

describe('the From balance warning', () => {
  it('warns when the typed amount to send is more than the balance, to the last place', () => {
    expect(balanceWarning(english, { from: 'BTC', side: 'sender', amount: '1.25000001' }, '1.25000000', null)).toBe(
      'The amount to send, 1.25000001 BTC, is more than the BTC balance. The service may refuse the exchange.',
    );
    expect(balanceWarning(english, { from: 'BTC', side: 'sender', amount: '1.25' }, '1.25000000', null)).toBeNull();
  });

  it('adds the fee of the quote for this amount when it is taken from the same balance', () => {
    expect(balanceWarning(english, { from: 'BTC', side: 'sender', amount: '1.2' }, '1.25000000', quote())).toBe(
      'With the quoted fee of 0.06000000 BTC, this exchange takes 1.26 BTC, more than the BTC balance. The service may refuse it.',
    );
    // An amount edited since the quote has not been priced: its fee is not known yet.
    expect(balanceWarning(english, { from: 'BTC', side: 'sender', amount: '1.19' }, '1.25000000', quote())).toBeNull();
    // A fee in another currency comes from another balance.
    expect(balanceWarning(english, { from: 'BTC', side: 'sender', amount: '1.2' }, '1.25000000', quote({ fee_currency: 'EUR' }))).toBeNull();
  });

  it('on the receive side, reads the amount to send from the quote for the same From currency', () => {
    expect(balanceWarning(english, { from: 'BTC', side: 'receiver', amount: '70000' }, '1.00000000', quote())).toMatch(/^The amount to send, 1.20000000 BTC, is more than/);
    expect(balanceWarning(english, { from: 'BTC', side: 'receiver', amount: '70000' }, '1.00000000', null)).toBeNull();
    expect(balanceWarning(english, { from: 'ETH', side: 'receiver', amount: '70000' }, '1.00000000', quote())).toBeNull();
  });

  it('says nothing about an amount still being typed, or a balance that is not a decimal', () => {
    expect(balanceWarning(english, { from: 'BTC', side: 'sender', amount: '' }, '1', null)).toBeNull();
    expect(balanceWarning(english, { from: 'BTC', side: 'sender', amount: '2.' }, '1', null)).toBeNull();
    expect(balanceWarning(english, { from: 'BTC', side: 'sender', amount: '2' }, 'lots', null)).toBeNull();
  });
});
