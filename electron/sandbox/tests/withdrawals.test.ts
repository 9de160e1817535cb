import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../index.ts';
import type { ManualClock } from './helpers.ts';
import { info, LEGAL, MERCHANT_B, NATURAL, post, startTestSandbox } from './helpers.ts';

let sb: SandboxHandle;
let clock: ManualClock;
beforeEach(async () => {
  ({ sb, clock } = await startTestSandbox());
});
afterEach(() => sb.close());

const BTC_ADDRESS = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';

function withdrawal(overrides: Record<string, unknown> = {}) {
  return {
    foreign_id: 'wd-1',
    currency: 'BTC',
    amount: '0.01',
    address: BTC_ADDRESS,
    end_user_reference: 'customer-1',
    sender_type: 'legal',
    sender_data: LEGAL,
    receiver_type: 'natural',
    receiver_data: NATURAL,
    ...overrides,
  };
}

describe('withdrawal/crypto (spec 4.6, field notes)', () => {
  it('answers 201 processing in the field-notes shape, then confirms as confirmations grow', async () => {
    const res = await post(sb, 'withdrawal/crypto', withdrawal());
    expect(res.status).toBe(201);
    expect(res.json.data).toEqual({
      id: expect.any(Number),
      foreign_id: 'wd-1',
      end_user_reference: 'customer-1',
      type: 'withdrawal',
      status: 'processing',
      amount: '0.01',
      sender_amount: '0.01',
      sender_currency: 'BTC',
      receiver_currency: 'BTC',
      receiver_amount: '0.01',
    });
    const first = await info(sb, { foreign_id: 'wd-1' });
    expect(first.json).toMatchObject({ id: res.json.data.id, type: 'withdrawal', status: 'not_confirmed', crypto_address: { address: BTC_ADDRESS } });
    expect(first.json.transactions[0]).toMatchObject({ transaction_type: 'blockchain', type: 'withdrawal', confirmations: 0 });
    clock.advance(30_000);
    expect((await info(sb, { id: res.json.data.id })).json.status).toBe('confirmed');
  });

  it('pays from another balance with convert_to, as a withrawal_exchange', async () => {
    const res = await post(sb, 'withdrawal/crypto', withdrawal({ convert_to: 'EUR' }));
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({ sender_currency: 'EUR', receiver_currency: 'BTC', type: 'withdrawal' });
    const tx = await info(sb, { id: res.json.data.id });
    expect(tx.json.type).toBe('withrawal_exchange');
    expect(tx.json.transactions.map((t: { transaction_type: string }) => t.transaction_type)).toEqual(['exchange', 'blockchain']);
  });

  it('takes receiver_type self without receiver data, and an XRP tag', async () => {
    const res = await post(sb, 'withdrawal/crypto', withdrawal({ currency: 'XRP', amount: '25', address: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe', tag: 12345, receiver_type: 'self', receiver_data: undefined }));
    expect(res.status, res.text).toBe(201);
    expect((await info(sb, { id: res.json.data.id })).json.crypto_address.tag).toBe('12345');
  });

  it('refuses a duplicate foreign_id, also after a lost answer, but not for another merchant', async () => {
    expect((await post(sb, 'withdrawal/crypto', withdrawal())).status).toBe(201);
    const dup = await post(sb, 'withdrawal/crypto', withdrawal());
    expect(dup.json).toEqual({ errors: { foreign_id: 'The foreign id has already been taken.' } });
    expect((await post(sb, 'withdrawal/crypto', withdrawal(), { merchant: MERCHANT_B })).status).toBe(201);
  });

  it.each([
    ['no foreign_id', { foreign_id: undefined }, { foreign_id: 'The foreign id field is required.' }],
    ['a foreign_id too long', { foreign_id: 'w'.repeat(256) }, { foreign_id: 'The foreign id must not be greater than 255 characters.' }],
    ['no currency', { currency: undefined }, { currency: 'The currency field is required.' }],
    ['a fiat currency', { currency: 'EUR' }, { currency: 'The currency must be a cryptocurrency.' }],
    ['no amount', { amount: undefined }, { amount: 'The amount field is required.' }],
    ['a zero amount', { amount: '0' }, { amount: 'The amount must be greater than 0.' }],
    ['an amount below the minimum', { amount: '0.00001' }, { amount: 'The amount is too small. The minimum amount is 0.00010000 BTC.' }],
    ['no address', { address: undefined }, { address: 'The address field is required.' }],
    ['an address of another network', { address: '0x52908400098527886E0F7030069857D2E4169EE7' }, { address: 'The address is not a valid BTC address.' }],
    ['a tag with letters', { tag: 'abc' }, { tag: 'The tag must contain only digits.' }],
    ['an unknown convert_to', { convert_to: 'FOO' }, { convert_to: 'The selected convert to is invalid.' }],
    ['no sender data', { sender_type: undefined, sender_data: undefined }, { sender_type: 'The sender type field is required.', sender_data: 'The sender data field is required.' }],
    ['no receiver data', { receiver_type: undefined, receiver_data: undefined }, { receiver_type: 'The receiver type field is required.', receiver_data: 'The receiver data field is required.' }],
    ['a receiver type without data', { receiver_data: undefined }, { receiver_data: 'The receiver data field is required when receiver type is present.' }],
    ['an unknown receiver type', { receiver_type: 'alien' }, { receiver_type: 'The selected receiver type is invalid.' }],
    ['self as sender type', { sender_type: 'self' }, { sender_type: 'The selected sender type is invalid.' }],
    ['a receiver without last name', { receiver_data: { ...NATURAL, last_name: undefined } }, { 'receiver_data.last_name': 'The receiver data.last name field is required.' }],
    ['a sender country in lower case', { sender_data: { ...LEGAL, country_of_registration: 'deu' } }, { 'sender_data.country_of_registration': 'The selected sender data.country of registration is invalid.' }],
  ])('refuses %s', async (_label, overrides, errors) => {
    const res = await post(sb, 'withdrawal/crypto', withdrawal(overrides));
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ errors });
  });
});
