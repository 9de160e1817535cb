import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CURRENCY_RULES } from '../../../shared/withdrawals/index.ts';
import type { SandboxHandle } from '../index.ts';
import { SandboxRefusal, startSandbox } from '../index.ts';
import { CATALOGUE } from '../model/market.ts';
import type { ManualClock } from './helpers.ts';
import { control, info, LEGAL, MERCHANT_A, MERCHANT_B, manualClock, NATURAL, post, startTestSandbox } from './helpers.ts';

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
    ['an amount with 9 places', { amount: '0.010000001' }, { amount: 'The amount must have 0-8 decimal places.' }],
    ['a negative amount', { amount: '-0.01' }, { amount: 'The amount must be at least 0.' }],
    ['an amount that is not a number', { amount: 'lots' }, { amount: 'The amount must be a number.' }],
    ['an address over 128 characters', { address: `bc1q${'q'.repeat(125)}` }, { address: 'The address must not be greater than 128 characters.' }],
    ['no address', { address: undefined }, { address: 'The address field is required.' }],
    ['an address of another network', { address: '0x52908400098527886E0F7030069857D2E4169EE7' }, { address: 'The address is not a valid BTC address.' }],
    ['a tag with letters', { tag: 'abc' }, { tag: 'The tag must contain only digits.' }],
    ['a tag for a currency that takes none', { tag: '123' }, { tag: 'The tag field is prohibited when currency is BTC.' }],
    ['an XRP withdrawal without its tag', { currency: 'XRP', amount: '25', address: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe' }, { tag: 'The tag field is required when currency is XRP.' }],
    ['an XRP tag over 4294967295', { currency: 'XRP', amount: '25', address: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe', tag: '4294967296' }, { tag: 'The tag must not be greater than 4294967295.' }],
    ['a BTC address with a character changed', { address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlj' }, { address: 'The address is not a valid BTC address.' }],
    ['an Ethereum address whose case breaks its checksum', { currency: 'ETH', address: '0x52908400098527886E0F7030069857D2E4169Ee7' }, { address: 'The address is not a valid ETH address.' }],
    ['a Bitcoin testnet address', { address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx' }, { address: 'The address is not a valid BTC address.' }],
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

describe('withdrawal addresses: the console\'s own checker (shared/withdrawals)', () => {
  it('knows every cryptocurrency of the sandbox, on the network and with the tag rule the sandbox gives it', () => {
    const networks = { btc: 'bitcoin', ltc: 'litecoin', evm: 'ethereum', tron: 'tron', xrp: 'xrp' } as const;
    for (const currency of CATALOGUE.filter((c) => c.kind === 'crypto')) {
      expect(CURRENCY_RULES[currency.code], currency.code).toEqual({ network: networks[currency.network ?? 'btc'], tag: currency.hasTag ? 'destination-tag' : 'none' });
    }
  });

  it('takes a withdrawal to each of the sandbox\'s own deposit addresses, tag and all', async () => {
    for (const currency of CATALOGUE.filter((c) => c.kind === 'crypto')) {
      const taken = await post(sb, 'addresses/take', { currency: currency.code, foreign_id: `take-${currency.code}`, sender_type: 'natural', sender_data: NATURAL });
      expect(taken.status, taken.text).toBe(201);
      const { address, tag } = taken.json.data;
      const res = await post(sb, 'withdrawal/crypto', withdrawal({ foreign_id: `to-own-${currency.code}`, currency: currency.code, amount: currency.minAmount, address, tag, convert_to: 'EUR' }));
      // Where the merchant holds none of the currency for the mining fee, only the funds are refused: they are checked last.
      const refused = res.status === 400 ? Object.keys(res.json.errors) : [];
      expect(res.status === 201 || refused.join() === 'amount', `${currency.code} ${address}: ${res.text}`).toBe(true);
    }
  });
});

/** About 600 EUR and 3,000 EUR at the sandbox's opening BTC price (65,000 USD, EUR at 1.08 USD). */
const SMALL_BTC = '0.01';
const LARGE_BTC = '0.05';

const balanceOf = (currency: string, merchantKey = MERCHANT_A.key) => sb.state().balances[merchantKey]?.find((b) => b.currency === currency)?.balance;

describe('withdrawal limits and approvals (docs/withdrawals.md)', () => {
  it('holds a withdrawal worth more than the merchant\'s limit as pending, with its balance taken, no hash and no confirmation', async () => {
    sb.setWithdrawalLimit('1000', MERCHANT_A.key);
    const small = await post(sb, 'withdrawal/crypto', withdrawal({ foreign_id: 'wd-small', amount: SMALL_BTC }));
    expect(small.json.data.status).toBe('processing');
    const large = await post(sb, 'withdrawal/crypto', withdrawal({ foreign_id: 'wd-large', amount: LARGE_BTC }));
    expect(large.status).toBe(201);
    expect(large.json.data).toMatchObject({ foreign_id: 'wd-large', status: 'pending', amount: LARGE_BTC });

    clock.advance(60_000);
    const held = await info(sb, { foreign_id: 'wd-large' });
    expect(held.json).toMatchObject({ status: 'pending', error: null, fees: [{ type: 'mining', currency: 'BTC', amount: '0.00002' }] });
    expect(held.json.transactions[0]).toMatchObject({ type: 'withdrawal', txid: null, confirmations: 0 });
    expect(balanceOf('BTC')).toBe('1.18996000'); // 1.25 less both withdrawals and both fees
    expect(sb.state().withdrawals.find((w) => w.foreign_id === 'wd-large')?.hold).toMatchObject({ limit: '1000', decision: null });
    expect((await info(sb, { foreign_id: 'wd-small' })).json.status).toBe('confirmed');
  });

  it('sends an approved withdrawal on from the moment of approval: a hash, confirmations, confirmed', async () => {
    sb.setWithdrawalLimit('1000');
    const large = await post(sb, 'withdrawal/crypto', withdrawal({ foreign_id: 'wd-large', amount: LARGE_BTC }));
    clock.advance(60_000);
    const approved = await control(sb, 'POST', `/sandbox/withdrawals/${large.json.data.id}/approve`, {});
    expect(approved.status).toBe(200);
    expect(approved.json.data).toMatchObject({ id: large.json.data.id, status: 'not_confirmed' });
    const txid = approved.json.data.transactions[0].txid as string;
    expect(txid).toMatch(/^[0-9a-f]{64}$/);
    expect((await info(sb, { txid })).json.id).toBe(large.json.data.id);
    clock.advance(10_000);
    expect((await info(sb, { id: large.json.data.id })).json.transactions[0].confirmations).toBe(1);
    clock.advance(20_000);
    expect((await info(sb, { id: large.json.data.id })).json.status).toBe('confirmed');
    expect(balanceOf('BTC')).toBe('1.19998000');
  });

  it('gives a declined withdrawal\'s amount and fee back, and says why; its foreign id stays taken', async () => {
    sb.setWithdrawalLimit('1000');
    const large = await post(sb, 'withdrawal/crypto', withdrawal({ foreign_id: 'wd-large', amount: LARGE_BTC }));
    expect(balanceOf('BTC')).toBe('1.19998000');
    const declined = sb.decideWithdrawal(large.json.data.id, 'decline');
    expect(declined).toMatchObject({ status: 'declined', error: 'The withdrawal was declined.', fees: [] });
    expect(balanceOf('BTC')).toBe('1.25000000');
    clock.advance(60_000);
    expect((await info(sb, { foreign_id: 'wd-large' })).json).toMatchObject({ status: 'declined', transactions: [{ txid: null, confirmations: 0 }] });
    const again = await post(sb, 'withdrawal/crypto', withdrawal({ foreign_id: 'wd-large', amount: LARGE_BTC }));
    expect(again.json).toEqual({ errors: { foreign_id: 'The foreign id has already been taken.' } });
  });

  it('decides only a pending withdrawal, once', async () => {
    sb.setWithdrawalLimit('1000');
    const small = await post(sb, 'withdrawal/crypto', withdrawal({ foreign_id: 'wd-small', amount: SMALL_BTC }));
    const large = await post(sb, 'withdrawal/crypto', withdrawal({ foreign_id: 'wd-large', amount: LARGE_BTC }));
    const notHeld = await control(sb, 'POST', `/sandbox/withdrawals/${small.json.data.id}/approve`, {});
    expect(notHeld.status).toBe(409);
    expect(notHeld.json.error).toBe(`Withdrawal ${small.json.data.id} is not pending: it is not_confirmed`);
    expect((await control(sb, 'POST', `/sandbox/withdrawals/${large.json.data.id}/decline`, {})).status).toBe(200);
    const twice = await control(sb, 'POST', `/sandbox/withdrawals/${large.json.data.id}/approve`, {});
    expect(twice.json).toEqual({ error: `Withdrawal ${large.json.data.id} is not pending: it is declined`, code: 'refused' });
    expect((await control(sb, 'POST', '/sandbox/withdrawals/999/approve', {})).status).toBe(404);
    expect(() => sb.decideWithdrawal(large.json.data.id, 'approve')).toThrow(SandboxRefusal);
  });

  it('keeps each merchant\'s limit its own, and null takes it away', async () => {
    const set = await control(sb, 'POST', '/sandbox/withdrawal-limit', { merchant: MERCHANT_A.key, limit: '1000' });
    expect(set.json).toEqual({ data: [{ key: MERCHANT_A.key, withdrawal_limit: '1000' }] });
    expect((await post(sb, 'withdrawal/crypto', withdrawal({ foreign_id: 'wd-b', amount: LARGE_BTC }), { merchant: MERCHANT_B })).json.data.status).toBe('processing');
    expect((await post(sb, 'withdrawal/crypto', withdrawal({ foreign_id: 'wd-a', amount: LARGE_BTC }))).json.data.status).toBe('pending');
    await control(sb, 'POST', '/sandbox/withdrawal-limit', { limit: null });
    expect((await post(sb, 'withdrawal/crypto', withdrawal({ foreign_id: 'wd-a2', amount: LARGE_BTC }))).json.data.status).toBe('processing');
    expect(sb.state().merchants.map((m) => m.withdrawal_limit)).toEqual([null, null]);
  });

  it('prices the limit in EUR whatever the balance it is paid from', async () => {
    sb.setWithdrawalLimit('1000');
    // 3,000 EUR worth of BTC paid from the EUR balance is still over a 1,000 EUR limit.
    const converted = await post(sb, 'withdrawal/crypto', withdrawal({ foreign_id: 'wd-eur', amount: LARGE_BTC, convert_to: 'EUR' }));
    expect(converted.json.data.status).toBe('pending');
    expect(sb.state().withdrawals[0]?.hold?.value_eur).toMatch(/^30\d\d\.\d{8}$/);
  });

  it('holds what is worth more than the limit, not what is worth exactly as much', async () => {
    sb.setWithdrawalLimit('1');
    await post(sb, 'withdrawal/crypto', withdrawal({ foreign_id: 'wd-measure', amount: LARGE_BTC }));
    const worth = sb.state().withdrawals[0]?.hold?.value_eur ?? '';
    sb.setWithdrawalLimit(worth);
    expect((await post(sb, 'withdrawal/crypto', withdrawal({ foreign_id: 'wd-at-limit', amount: LARGE_BTC }))).json.data.status).toBe('processing');
    expect((await post(sb, 'withdrawal/crypto', withdrawal({ foreign_id: 'wd-over-limit', amount: '0.05000001' }))).json.data.status).toBe('pending');
  });

  it.each([
    [{ limit: 'lots' }, 400],
    [{ limit: 1000 }, 400],
    [{}, 400],
    [{ limit: '1000', merchant: 'nobody' }, 404],
  ])('refuses the limit %j', async (body, status) => {
    expect((await control(sb, 'POST', '/sandbox/withdrawal-limit', body)).status).toBe(status);
  });
});

describe('the withdrawalLimit option (the cli\'s --withdrawal-limit)', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it('limits every merchant, those added later too', async () => {
    await sb.close();
    ({ sb, clock } = await startTestSandbox({ withdrawalLimit: '1000' }));
    sb.addMerchant({ key: 'key-later', secret: 'secret-later' });
    expect(sb.state().merchants.map((m) => m.withdrawal_limit)).toEqual(['1000', '1000', '1000']);
    expect((await post(sb, 'withdrawal/crypto', withdrawal({ amount: LARGE_BTC }))).json.data.status).toBe('pending');
  });

  it('refuses a limit that is not an amount', async () => {
    await expect(startSandbox({ merchants: [MERCHANT_A], withdrawalLimit: '1e3' })).rejects.toThrow('The withdrawal limit is an amount of EUR');
  });

  it('keeps limits and held withdrawals in a state file without credentials', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'sandbox-limits-'));
    folders.push(folder);
    const file = join(folder, 'state.json');
    const options = { merchants: [MERCHANT_A], seed: 3, clock: manualClock().read, stateFile: file, stateWithoutCredentials: true };
    const first = await startSandbox(options);
    first.setWithdrawalLimit('1000');
    const large = await post(first, 'withdrawal/crypto', withdrawal({ amount: LARGE_BTC }));
    await first.close();
    const again = await startSandbox(options);
    try {
      expect(again.state().merchants[0]?.withdrawal_limit).toBe('1000');
      expect(again.decideWithdrawal(large.json.data.id, 'approve')).toMatchObject({ status: 'not_confirmed' });
    } finally {
      await again.close();
    }
  });
});
