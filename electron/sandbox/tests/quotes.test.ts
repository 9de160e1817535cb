import { afterEach, describe, expect, it } from 'vitest';
import { decimalsEqual, multiplyDecimals } from '../../../shared/money/index.ts';
import type { SandboxHandle } from '../index.ts';
import { post, startTestSandbox } from './helpers.ts';
import type { ManualClock } from './helpers.ts';

let sb: SandboxHandle;
let clock: ManualClock;
afterEach(() => sb.close());

async function start(options = {}) {
  ({ sb, clock } = await startTestSandbox(options));
}

describe('exchange/calculate (spec 4.2, 2.3)', () => {
  it('quotes with a 60 second fixed period, fee and price, echoing the sent amount as a number', async () => {
    await start();
    const res = await post(sb, 'exchange/calculate', undefined, { raw: '{"sender_currency":"BTC","receiver_currency":"EUR","sender_amount":0.003}' });
    expect(res.status).toBe(200);
    const q = res.json.data;
    expect(res.text).toContain('"sender_amount":0.003,');
    expect(q).toMatchObject({ sender_currency: 'BTC', receiver_currency: 'EUR', fee_currency: 'BTC', fix_period: 60 });
    expect(q.ts_fixed).toBe(Math.floor(clock.now / 1000));
    expect(q.ts_release).toBe(q.ts_fixed + 60);
    expect(q.price).toMatch(/^\d+\.\d{8}$/);
    expect(q.receiver_amount).toBe(multiplyDecimals('0.003', q.price));
    expect(q.fee_amount).toBe('0.00003000');
  });

  it('quotes from a receiver amount', async () => {
    await start();
    const res = await post(sb, 'exchange/calculate', { sender_currency: 'BTC', receiver_currency: 'EUR', receiver_amount: '500' });
    expect(res.status).toBe(200);
    expect(res.text).toContain('"receiver_amount":500');
    expect(res.json.data.sender_amount).toMatch(/^0\.\d{8}$/);
  });

  it('moves prices on a seeded walk driven by the clock, the same for the same seed', async () => {
    await start();
    const body = { sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '1' };
    const first = (await post(sb, 'exchange/calculate', body)).json.data.price;
    clock.advance(10 * 60_000);
    const later = (await post(sb, 'exchange/calculate', body)).json.data.price;
    expect(decimalsEqual(first, later)).toBe(false);
    await sb.close();
    await start();
    expect((await post(sb, 'exchange/calculate', body)).json.data.price).toBe(first);
    clock.advance(10 * 60_000);
    expect((await post(sb, 'exchange/calculate', body)).json.data.price).toBe(later);
  });

  it.each([
    [{ receiver_currency: 'EUR', sender_amount: 1 }, { sender_currency: 'The sender currency field is required.' }],
    [{ sender_currency: 'BTC', sender_amount: 1 }, { receiver_currency: 'The receiver currency field is required.' }],
    [{ sender_currency: 'DOGE', receiver_currency: 'EUR', sender_amount: 1 }, { sender_currency: 'The selected sender currency is invalid.' }],
    [{ sender_currency: 'BTC', receiver_currency: 'BTC', sender_amount: 1 }, { receiver_currency: 'The receiver currency and sender currency must be different.' }],
    [{ sender_currency: 'XRP', receiver_currency: 'TRX', sender_amount: 100 }, { receiver_currency: 'The pair XRP to TRX is not available.' }],
    [{ sender_currency: 'EUR', receiver_currency: 'USD', sender_amount: 100 }, { receiver_currency: 'The pair EUR to USD is not available.' }],
    [{ sender_currency: 'BTC', receiver_currency: 'EUR' }, { sender_amount: 'The sender amount field is required when receiver amount is not present.' }],
    [{ sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: 1, receiver_amount: 1 }, { receiver_amount: 'The receiver amount field is prohibited when sender amount is present.' }],
    [{ sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: -1 }, { sender_amount: 'The sender amount must be at least 0.' }],
    [{ sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: 'lots' }, { sender_amount: 'The sender amount must be a number.' }],
    [{ sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '0.123456789' }, { sender_amount: 'The sender amount must have 0-8 decimal places.' }],
    [{ sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '0.00005' }, { sender_amount: 'The amount is too small. The minimum amount is 0.00010000 BTC.' }],
    [{ sender_currency: 'EUR', receiver_currency: 'BTC', sender_amount: '5' }, { sender_amount: 'The amount is too small. The minimum amount is 10.00 EUR.' }],
    [{ sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: 0 }, { sender_amount: 'The amount is too small. The minimum amount is 0.00010000 BTC.' }],
  ])('refuses %j', async (body, errors) => {
    await start();
    const res = await post(sb, 'exchange/calculate', body);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ errors });
  });

  it('refuses an amount written with an exponent, never reading it as a float', async () => {
    await start();
    const res = await post(sb, 'exchange/calculate', undefined, { raw: '{"sender_currency":"BTC","receiver_currency":"EUR","sender_amount":1e-3}' });
    expect(res.json).toEqual({ errors: { sender_amount: 'The sender amount must be a number.' } });
  });
});

describe('rate limit (spec sections 7 and 8)', () => {
  const body = { sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '1' };

  it('allows 30 calls a minute, then answers 429 with a non-JSON body until a one-minute pause', async () => {
    await start();
    for (let i = 0; i < 30; i += 1) {
      expect((await post(sb, 'exchange/calculate', body)).status).toBe(200);
      clock.advance(1000);
    }
    const refused = await post(sb, 'exchange/calculate', body);
    expect(refused.status).toBe(429);
    expect(refused.json).toBeUndefined();
    expect(refused.headers['content-type']).toMatch(/^text\/plain/);

    // 59 s after the refused call: still refused, and that refusal starts the pause again.
    clock.advance(59_000);
    expect((await post(sb, 'exchange/calculate', body)).status).toBe(429);
    clock.advance(59_000);
    expect((await post(sb, 'exchange/calculate', body)).status).toBe(429);
    // A full minute with no calls: allowed again.
    clock.advance(60_000);
    expect((await post(sb, 'exchange/calculate', body)).status).toBe(200);
  });

  it('counts a rolling minute: old calls fall out of the window', async () => {
    await start();
    for (let i = 0; i < 30; i += 1) expect((await post(sb, 'exchange/calculate', body)).status).toBe(200);
    clock.advance(60_000);
    expect((await post(sb, 'exchange/calculate', body)).status).toBe(200);
  });

  it('applies at the edge, before authentication, and only to exchange/calculate', async () => {
    await start();
    for (let i = 0; i < 30; i += 1) await post(sb, 'exchange/calculate', body, { merchant: null });
    expect((await post(sb, 'exchange/calculate', body)).status).toBe(429);
    expect((await post(sb, 'currencies/pairs', {})).status).toBe(200);
    sb.resetRateLimit();
    expect((await post(sb, 'exchange/calculate', body)).status).toBe(200);
  });

  it('can be turned off', async () => {
    await start({ rateLimit: false });
    for (let i = 0; i < 35; i += 1) expect((await post(sb, 'exchange/calculate', body)).status).toBe(200);
  });
});

describe('currencies/pairs (spec 4.3, 2.5)', () => {
  it('lists every pair with rates and the minimums on crypto currencies', async () => {
    await start();
    const res = await post(sb, 'currencies/pairs', {});
    expect(res.status).toBe(200);
    const codes = new Set(res.json.data.map((p: { currency_from: { currency: string } }) => p.currency_from.currency));
    for (const code of ['BTC', 'ETH', 'LTC', 'XRP', 'USDTERC20', 'USDTTRC20', 'USDC', 'TRX', 'EUR', 'USD', 'GBP']) expect(codes).toContain(code);
    const btcEur = res.json.data.find((p: { currency_from: { currency: string }; currency_to: { currency: string } }) => p.currency_from.currency === 'BTC' && p.currency_to.currency === 'EUR');
    expect(btcEur).toEqual({
      currency_from: { currency: 'BTC', type: 'crypto', min_amount: '0.00010000', min_amount_deposit_with_exchange: '0.00010000' },
      currency_to: { currency: 'EUR', type: 'fiat' },
      rate_from: '1',
      rate_to: expect.stringMatching(/^\d+\.\d{8}$/),
    });
  });

  it('filters by currency_from and currency_to', async () => {
    await start();
    const from = (await post(sb, 'currencies/pairs', { currency_from: 'EUR' })).json.data;
    expect(from.every((p: { currency_from: { currency: string; type: string } }) => p.currency_from.currency === 'EUR' && p.currency_from.type === 'fiat')).toBe(true);
    expect(from.length).toBeGreaterThan(0);
    const one = (await post(sb, 'currencies/pairs', { currency_from: 'ETH', currency_to: 'USD' })).json.data;
    expect(one).toHaveLength(1);
    expect((await post(sb, 'currencies/pairs', { currency_from: 'EUR', currency_to: 'GBP' })).json.data).toEqual([]);
  });

  it('refuses an unknown currency in the wording of the field notes', async () => {
    await start();
    const res = await post(sb, 'currencies/pairs', { currency_from: 'XYZ' });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ errors: { currency_from: 'The selected currency from is invalid.' } });
    expect((await post(sb, 'currencies/pairs', { currency_to: 12 })).json).toEqual({ errors: { currency_to: 'The currency to must be a string.' } });
  });
});
