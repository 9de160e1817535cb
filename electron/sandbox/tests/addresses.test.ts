import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../index.ts';
import { LEGAL, MERCHANT_B, NATURAL, post, startTestSandbox } from './helpers.ts';

/**
 * addresses/take (spec 4.6; docs/service-interface.md, "addresses/take"): 201 with the documented
 * body, a tag for a currency that needs one, convert_to kept, every rule refused in Laravel's words,
 * and a second take under the same foreign id refused as a second invoice is.
 */

let sb: SandboxHandle;
beforeEach(async () => {
  ({ sb } = await startTestSandbox());
});
afterEach(() => sb.close());

const take = (overrides: Record<string, unknown> = {}) => ({
  currency: 'ETH',
  foreign_id: 'addr-1',
  end_user_reference: 'customer-1',
  sender_type: 'natural',
  sender_data: NATURAL,
  ...overrides,
});

describe('addresses/take (spec 4.6)', () => {
  it('answers 201 with a new address in the documented body', async () => {
    const res = await post(sb, 'addresses/take', take({ convert_to: 'EUR' }));
    expect(res.status).toBe(201);
    expect(res.json.data).toEqual({ id: expect.any(Number), currency: 'ETH', convert_to: 'EUR', address: expect.stringMatching(/^0x[0-9a-f]{40}$/), tag: null, foreign_id: 'addr-1' });
    const plain = await post(sb, 'addresses/take', take({ currency: 'BTC', foreign_id: 'addr-2', sender_type: 'legal', sender_data: LEGAL }));
    expect(plain.json.data).toMatchObject({ currency: 'BTC', convert_to: null, address: expect.stringMatching(/^bc1q/), tag: null });
    expect(sb.state().addresses.filter((a) => a.source === 'take').map((a) => [a.foreign_id, a.convert_to])).toEqual([
      ['addr-1', 'EUR'],
      ['addr-2', null],
    ]);
  });

  it('sets the tag for a currency that needs a memo (XRP)', async () => {
    const xrp = await post(sb, 'addresses/take', take({ currency: 'XRP', foreign_id: 'addr-xrp' }));
    expect(xrp.json.data).toMatchObject({ currency: 'XRP', address: expect.stringMatching(/^r/), tag: expect.stringMatching(/^\d{9}$/) });
  });

  it('refuses a second take under the same foreign id, in any currency, as a duplicate invoice is; another merchant may use it', async () => {
    const first = await post(sb, 'addresses/take', take());
    expect(first.status).toBe(201);
    for (const currency of ['ETH', 'BTC']) {
      const again = await post(sb, 'addresses/take', take({ currency }));
      expect(again.status).toBe(400);
      expect(again.json).toEqual({ errors: { foreign_id: 'The foreign id has already been taken.' } });
    }
    expect((await post(sb, 'addresses/take', take(), { merchant: MERCHANT_B })).status).toBe(201);
    expect(sb.state().addresses.filter((a) => a.foreign_id === 'addr-1')).toHaveLength(2);
  });

  it.each([
    ['no currency', { currency: undefined }, { currency: 'The currency field is required.' }],
    ['an unknown currency', { currency: 'DOGE' }, { currency: 'The selected currency is invalid.' }],
    ['a fiat currency', { currency: 'GBP' }, { currency: 'The currency must be a cryptocurrency.' }],
    ['no foreign_id', { foreign_id: undefined }, { foreign_id: 'The foreign id field is required.' }],
    ['a foreign_id too long', { foreign_id: 'x'.repeat(256) }, { foreign_id: 'The foreign id must not be greater than 255 characters.' }],
    ['a foreign_id that is not a string', { foreign_id: 2048 }, { foreign_id: 'The foreign id must be a string.' }],
    ['personal data in the foreign_id', { foreign_id: 'ada.lovelace@example.com' }, { foreign_id: 'The foreign id must not contain personal data such as an e-mail address.' }],
    ['personal data in the end_user_reference', { end_user_reference: 'customer ada@example.com' }, { end_user_reference: 'The end user reference must not contain personal data such as an e-mail address.' }],
    ['an end_user_reference too long', { end_user_reference: 'x'.repeat(256) }, { end_user_reference: 'The end user reference must not be greater than 255 characters.' }],
    ['an unknown convert_to', { convert_to: 'NOPE' }, { convert_to: 'The selected convert to is invalid.' }],
    ['convert_to the currency itself', { convert_to: 'ETH' }, { convert_to: 'The convert to and currency must be different.' }],
    ['a convert_to pair that is not available', { currency: 'XRP', convert_to: 'TRX' }, { convert_to: 'The pair XRP to TRX is not available.' }],
    ['no sender data', { sender_type: undefined, sender_data: undefined }, { sender_type: 'The sender type field is required.', sender_data: 'The sender data field is required.' }],
    ['a sender type without data', { sender_data: undefined }, { sender_data: 'The sender data field is required when sender type is present.' }],
    ['an unknown sender type', { sender_type: 'robot' }, { sender_type: 'The selected sender type is invalid.' }],
    ['a bad date of birth', { sender_data: { ...NATURAL, date_of_birth: '1990-13-01' } }, { 'sender_data.date_of_birth': 'The sender data.date of birth does not match the format Y-m-d.' }],
    ['a legal entity without its country', { sender_type: 'legal', sender_data: { legal_name: 'Example GmbH' } }, { 'sender_data.country_of_registration': 'The sender data.country of registration field is required.' }],
    ['a bad e-mail in the sender data', { sender_data: { ...NATURAL, email: 'ada@' } }, { 'sender_data.email': 'The sender data.email must be a valid email address.' }],
  ])('refuses %s', async (_label, overrides, errors) => {
    const res = await post(sb, 'addresses/take', take(overrides));
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ errors });
    expect(sb.state().addresses.filter((a) => a.source === 'take')).toEqual([]);
  });
});
