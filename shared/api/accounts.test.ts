import { describe, expect, it } from 'vitest';
import { parseJsonLossless } from '../money/json.ts';
import { accountsAnswer } from './accounts.ts';

const read = (text: string) => accountsAnswer.parse(parseJsonLossless(text)).data;

describe('balances (docs/service-interface.md, "accounts/list")', () => {
  it('reads every balance exactly, zeros included, strings and numbers alike', () => {
    const { items, unreadable } = read(
      '{"data":[{"currency":"BTC","type":"crypto","balance":"0.01230000"},{"currency":"EUR","type":"fiat","balance":5973.9756892012345},{"currency":"USDT","type":"crypto","balance":"0.00000000"}]}',
    );
    expect(unreadable).toEqual([]);
    expect(items.map((b) => [b.currency, b.type, b.balance])).toEqual([
      ['BTC', 'crypto', '0.01230000'],
      ['EUR', 'fiat', '5973.9756892012345'],
      ['USDT', 'crypto', '0.00000000'],
    ]);
  });

  it('sets aside a balance it cannot read and keeps the others', () => {
    const { items, unreadable } = read('{"data":[{"currency":"BTC","type":"crypto","balance":"1,5"},{"currency":"EUR","type":"fiat","balance":"2"}]}');
    expect(items.map((b) => b.currency)).toEqual(['EUR']);
    expect(unreadable).toEqual([{ index: 0, field: 'balance', value: '1,5', message: expect.any(String) }]);
  });

  it('refuses an answer whose data is not a list', () => {
    expect(accountsAnswer.safeParse(parseJsonLossless('{"data":{"BTC":"1"}}')).success).toBe(false);
  });
});
