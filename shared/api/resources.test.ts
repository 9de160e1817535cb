import { describe, expect, it } from 'vitest';
import { parseJsonLossless } from '../money/json.ts';
import { exchangeOrder } from './exchange.ts';
import { invoice } from './invoice.ts';
import { pair } from './pair.ts';
import { parseWith } from './wire.ts';
import { quote } from './quote.ts';
import { transaction } from './transaction.ts';
import { inEnglish } from '../i18n/testing/in-english.ts';

// Sample bodies from docs/service-interface.md ("Sample bodies"), parsed as the client parses them.
const read = (text: string) => (parseJsonLossless(text) as { data: unknown }).data;

describe('resources parse tolerantly (spec 2, field notes)', () => {
  it('reads the calculate sample, with a number amount, as decimal text', () => {
    const parsed = quote.parse(
      read('{"data":{"sender_amount":1,"sender_currency":"BTC","receiver_amount":"8549.81680000","receiver_currency":"EUR","fee_amount":"85.49816800","fee_currency":"BTC","price":"8549.81680000","ts_fixed":1564293159,"ts_release":1564293219,"fix_period":60}}'),
    );
    expect(parsed.sender_amount).toBe('1');
    expect(parsed.ts_release - parsed.ts_fixed).toBe(60);
  });

  it('reads the fixed exchange, pairs and invoice samples', () => {
    expect(exchangeOrder.parse(read('{"data":{"sender_currency":"BTC","sender_amount":"0.00300000","receiver_currency":"EUR","receiver_amount":"231.94279333","fee_currency":"BTC","fee_amount":"0.00015000","price":"77314.26444333","id":134704049,"foreign_id":"test_foreign_id_0250","type":"exchange","status":"processing"}}')).status).toBe('processing');
    const pairs = read('{"data":[{"currency_from":{"currency":"BTC","type":"crypto","min_amount":"0.00010000","min_amount_deposit_with_exchange":"0.00010000"},"currency_to":{"currency":"EUR","type":"fiat"},"rate_from":"1","rate_to":"20693.84879354"}]}') as unknown[];
    expect(pair.parse(pairs[0]).rate_to).toBe('20693.84879354');
    const created = invoice.parse(read('{"data":{"id":826900,"url":"https://invoices.sandbox.cryptoprocessing.com/invoice/Jyf1cQ","foreign_id":"test_foreign_id_0344","end_user_reference":"12345","address":null,"title":"Invoice Title","status":"created","currency":"EUR","amount":"100.00000000","sender_currency":null,"sender_amount":null,"fixed_at":null,"release_at":null,"seconds_left":null}}'));
    expect(created.amount).toBe('100.00000000');
  });

  const tx = {
    id: 77,
    foreign_id: 164,
    type: 'withrawal_exchange',
    status: 'confirmed',
    error: '',
    currency_sent: { currency: 'BTC', amount: '12345678.12345678' },
    fees: [{ type: 'mining', currency: 'BTC', amount: 381 }],
    transactions: [
      { id: 1, currency: 'BTC', transaction_type: 'blockchain', type: 'withdrawal', address: 'bc1q', tag: null, amount: '0.0008', txid: '7.85e+76', riskscore: '0.4', confirmations: '9' },
      { id: 2, currency: 'BTC', transaction_type: 'exchange', type: 'exchange', amount: '0.1', currency_to: 'EUR', amount_to: '2000' },
    ],
    surprise: { kept: true },
  };

  it('keeps the spec spelling withrawal_exchange, unknown fields, and reads string counts', () => {
    const parsed = transaction.parse(tx);
    expect(parsed.type).toBe('withrawal_exchange');
    expect(parsed.foreign_id).toBe('164');
    expect((parsed as Record<string, unknown>).surprise).toEqual({ kept: true });
    const entry = parsed.transactions[0];
    expect(entry?.transaction_type === 'blockchain' && entry.confirmations).toBe(9);
    expect(entry?.transaction_type === 'blockchain' && entry.txid).toBe('7.85e+76');
    expect(parsed.fees[0]?.amount).toBe('381');
  });

  it('accepts a null error and an empty one', () => {
    expect(transaction.parse({ ...tx, error: null }).error).toBeNull();
    expect(transaction.parse({ ...tx, error: '' }).error).toBe('');
  });

  it('names the field it could not read', () => {
    const outcome = parseWith(transaction, { ...tx, fees: [{ type: 'mining', currency: 'BTC', amount: 'lots' }] });
    expect(outcome).toMatchObject({ ok: false, field: 'fees[0].amount' });
    expect(inEnglish(outcome.ok ? '' : outcome.message)).toBe('is not a decimal amount');
    const status = parseWith(transaction, { ...tx, status: false }, 'data');
    expect(status).toMatchObject({ ok: false, field: 'data.status' });
  });
});
