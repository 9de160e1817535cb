import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../index.ts';
import type { ManualClock } from './helpers.ts';
import { info, MERCHANT_B, post, startTestSandbox } from './helpers.ts';

let sb: SandboxHandle;
let clock: ManualClock;
beforeEach(async () => {
  ({ sb, clock } = await startTestSandbox());
});
afterEach(() => sb.close());

async function quote(body: Record<string, unknown> = { sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '0.003' }, merchant?: { key: string; secret: string }) {
  const res = await post(sb, 'exchange/calculate', body, merchant ? { merchant } : {});
  expect(res.status).toBe(200);
  return res.json.data as Record<string, string>;
}

function fixedBody(q: Record<string, string>, overrides: Record<string, unknown> = {}) {
  return { foreign_id: 'ex-1', price: q.price, sender_currency: q.sender_currency, receiver_currency: q.receiver_currency, sender_amount: q.sender_amount, ...overrides };
}

describe('exchange/fixed (spec 4.5, 2.4)', () => {
  it('places an exchange at a live quote: 201 processing, then confirmed by the clock, visible by id and foreign_id', async () => {
    const q = await quote();
    const res = await post(sb, 'exchange/fixed', fixedBody(q));
    expect(res.status).toBe(201);
    const order = res.json.data;
    expect(order).toMatchObject({
      sender_currency: 'BTC',
      sender_amount: '0.00300000',
      receiver_currency: 'EUR',
      receiver_amount: q.receiver_amount,
      fee_currency: 'BTC',
      fee_amount: q.fee_amount,
      price: q.price,
      foreign_id: 'ex-1',
      type: 'exchange',
      status: 'processing',
    });
    const byId = await info(sb, { id: order.id });
    expect(byId.json).toMatchObject({ id: order.id, type: 'exchange', status: 'not_confirmed', foreign_id: 'ex-1' });
    expect(byId.json.transactions[0]).toMatchObject({ transaction_type: 'exchange', currency: 'BTC', currency_to: 'EUR', amount_to: q.receiver_amount });
    clock.advance(5_000);
    const byForeignId = await info(sb, { foreign_id: 'ex-1' });
    expect(byForeignId.json).toMatchObject({ id: order.id, status: 'confirmed' });
    expect(sb.state().exchanges.find((e) => e.id === order.id)?.status).toBe('confirmed');
  });

  it('accepts the quoted receiver_amount instead of the sender_amount', async () => {
    const q = await quote({ sender_currency: 'EUR', receiver_currency: 'ETH', receiver_amount: '0.5' });
    const res = await post(sb, 'exchange/fixed', { foreign_id: 'ex-r', price: q.price, receiver_amount: '0.5' });
    expect(res.status).toBe(201);
    expect(res.json.data.receiver_amount).toBe('0.50000000');
  });

  it('refuses a quote whose 60 seconds have passed', async () => {
    const q = await quote();
    clock.advance(60_000);
    const res = await post(sb, 'exchange/fixed', fixedBody(q));
    expect(res.status).toBe(400);
    expect(res.json.errors.price).toMatch(/fixed period of 60 seconds has ended/);
    clock.advance(-1); // 59.999 s after the quote it would still have been live
    expect((await post(sb, 'exchange/fixed', fixedBody(q))).status).toBe(201);
  });

  it('refuses a price that was not quoted', async () => {
    const q = await quote();
    const res = await post(sb, 'exchange/fixed', fixedBody(q, { price: '1.00000000' }));
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ errors: { price: 'The price does not match any quote given to you. Request a quote with exchange/calculate first.' } });
  });

  it('refuses a sender_amount or receiver_amount other than the quoted one', async () => {
    const q = await quote();
    const res = await post(sb, 'exchange/fixed', fixedBody(q, { sender_amount: '0.004' }));
    expect(res.json).toEqual({ errors: { sender_amount: 'The sender amount must equal the sender amount of the quote at this price (0.00300000).' } });
    const res2 = await post(sb, 'exchange/fixed', fixedBody(q, { sender_amount: undefined, receiver_amount: '1' }));
    expect(res2.json.errors.receiver_amount).toMatch(/must equal the receiver amount of the quote/);
  });

  it('refuses currencies other than the quoted ones', async () => {
    const q = await quote();
    const res = await post(sb, 'exchange/fixed', fixedBody(q, { receiver_currency: 'USD' }));
    expect(res.json.errors.price).toMatch(/does not match any quote/);
  });

  it("refuses another merchant's quote", async () => {
    const q = await quote(undefined, MERCHANT_B);
    const res = await post(sb, 'exchange/fixed', fixedBody(q));
    expect(res.status).toBe(400);
    expect(res.json.errors.price).toMatch(/does not match any quote given to you/);
  });

  it('places one exchange per quote', async () => {
    const q = await quote();
    expect((await post(sb, 'exchange/fixed', fixedBody(q))).status).toBe(201);
    const again = await post(sb, 'exchange/fixed', fixedBody(q, { foreign_id: 'ex-2' }));
    expect(again.json).toEqual({ errors: { price: 'The quote at this price has already been used for an exchange. Request a new quote.' } });
  });

  it('refuses a duplicate foreign_id, also one of a withdrawal or a preloaded example', async () => {
    const q1 = await quote();
    expect((await post(sb, 'exchange/fixed', fixedBody(q1))).status).toBe(201);
    const q2 = await quote({ sender_currency: 'ETH', receiver_currency: 'EUR', sender_amount: '1' });
    const dup = await post(sb, 'exchange/fixed', fixedBody(q2));
    expect(dup.status).toBe(400);
    expect(dup.json).toEqual({ errors: { foreign_id: 'The foreign id has already been taken.' } });
    const dup2 = await post(sb, 'exchange/fixed', fixedBody(q2, { foreign_id: 'example-exchange-confirmed' }));
    expect(dup2.json.errors.foreign_id).toBe('The foreign id has already been taken.');
    // The same foreign_id is free for another merchant.
    const q3 = await quote(undefined, MERCHANT_B);
    expect((await post(sb, 'exchange/fixed', fixedBody(q3), { merchant: MERCHANT_B })).status).toBe(201);
    expect(sb.state().exchanges.filter((e) => e.foreign_id === 'ex-1')).toHaveLength(2);
  });

  it.each([
    [{ price: '1', sender_amount: '1' }, { foreign_id: 'The foreign id field is required.' }],
    [{ foreign_id: 'x'.repeat(256), price: '1', sender_amount: '1' }, { foreign_id: 'The foreign id must not be greater than 255 characters.' }],
    [{ foreign_id: 'a', sender_amount: '1' }, { price: 'The price field is required.' }],
    [{ foreign_id: 'a', price: 'cheap', sender_amount: '1' }, { price: 'The price must be a number.' }],
    [{ foreign_id: 'a', price: '1' }, { sender_amount: 'The sender amount field is required when receiver amount is not present.' }],
    [{ foreign_id: 'a', price: '1', sender_amount: '-1' }, { sender_amount: 'The sender amount must be at least 0.' }],
    [{ foreign_id: 'a', price: '1', receiver_amount: '-1' }, { receiver_amount: 'The receiver amount must be at least 0.' }],
    [{ foreign_id: 'a', price: '1', sender_amount: '1', sender_currency: 'NOPE' }, { sender_currency: 'The selected sender currency is invalid.' }],
  ])('validates %j', async (body, errors) => {
    const res = await post(sb, 'exchange/fixed', body);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ errors });
  });
});
