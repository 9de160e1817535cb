import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { BalanceList } from '../../../shared/ipc/contract.ts';
import { BALANCES_KEY } from '../../components/balances/use-balances.ts';
import { readableText, staticMarkup } from '../../testing/static-markup.ts';
import { FromBalance } from './FromBalance.tsx';

// The quote form's From balance as React renders it for a given answer from main.

const list: BalanceList = {
  balances: [
    { currency: 'BTC', type: 'crypto', balance: '1.25000000' },
    { currency: 'EUR', type: 'fiat', balance: '50000.00000000' },
  ],
  unreadable: [],
  fetchedAt: '2025-06-01T12:00:00.000Z',
};

const render = (from: string, amount: string, seeded = true) =>
  staticMarkup(createElement(FromBalance, { form: { from, side: 'sender', amount }, quote: null }), (client) => {
    if (seeded) client.setQueryData(BALANCES_KEY, list);
  });

describe('the From balance', () => {
  it('shows the From currency’s balance exactly, with when it was fetched', () => {
    expect(readableText(render('BTC', '0.5'))).toBe('BTC balance: 1.25000000 BTC (fetched 2025-06-01 12:00:00 UTC)');
  });

  it('warns, without blocking anything, when the amount to send is more', () => {
    const html = render('BTC', '2');
    expect(readableText(html)).toContain('Warning: The amount to send, 2 BTC, is more than the BTC balance. The service may refuse the exchange.');
    expect(html).toContain('role="status"');
    expect(html).not.toContain('disabled');
  });

  it('says so when the service lists no balance of that currency, and shows nothing without a currency', () => {
    expect(readableText(render('XRP', '1'))).toBe('The service lists no XRP balance.');
    expect(render('', '1')).toBe('');
  });

  it('says only that it is checking while the balances are on their way', () => {
    expect(readableText(render('BTC', '1', false))).toBe('Checking the BTC balance…');
  });
});
