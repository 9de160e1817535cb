import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppFailure, isAppFailure } from '../../shared/ipc/errors.ts';
import type { AppError } from '../../shared/ipc/errors.ts';
import { createProcessingClient } from '../platform/api/client.ts';
import { startLoopbackServer } from '../platform/api/loopback-server.ts';
import type { LoopbackServer } from '../platform/api/loopback-server.ts';
import { createQuoteBudget } from '../platform/limits/quote-budget.ts';
import { withQuoteBudget } from './guard.ts';

const T0 = 1_700_000_000_000;
const QUOTE = '{"data":{"sender_amount":1,"sender_currency":"BTC","receiver_amount":"8549.81680000","receiver_currency":"EUR","fee_amount":"85.49816800","fee_currency":"BTC","price":"8549.81680000","ts_fixed":1564293159,"ts_release":1564293219,"fix_period":60}}';
const REQUEST = { sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '1' };

async function failureOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (isAppFailure(error)) return error.error;
    throw error;
  }
  throw new Error('expected a failure');
}

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
});
afterEach(() => server.close());

describe('withQuoteBudget', () => {
  it('refuses the 31st quote in a minute before anything is sent, with retryAt', async () => {
    let time = T0;
    const now = () => time;
    const budget = createQuoteBudget({ now });
    const client = createProcessingClient({ baseUrl: server.baseUrl, apiKey: 'k', secret: 's', now });
    const calculate = withQuoteBudget(budget, client.calculateQuote, now);
    server.answer({ status: 200, body: QUOTE });
    for (let i = 0; i < 30; i += 1) {
      await calculate(REQUEST);
      time += 100;
    }
    const error = await failureOf(calculate(REQUEST));
    expect(error).toMatchObject({ kind: 'rate_limited', retryAt: T0 + 60_000 });
    expect(error.message).toContain('30 a minute');
    expect(server.requests).toHaveLength(30);
    time = T0 + 60_000;
    await expect(calculate(REQUEST)).resolves.toMatchObject({ price: '8549.81680000' });
    expect(server.requests).toHaveLength(31);
  });

  it('after a 429 from the service pauses the whole app for 60 s and rethrows', async () => {
    let time = T0;
    const now = () => time;
    const budget = createQuoteBudget({ now });
    const client = createProcessingClient({ baseUrl: server.baseUrl, apiKey: 'k', secret: 's', now });
    const calculate = withQuoteBudget(budget, client.calculateQuote, now);
    server.answer({ status: 429, body: 'Too Many Requests', contentType: 'text/plain' });
    expect(await failureOf(calculate(REQUEST))).toMatchObject({ kind: 'rate_limited', retryAt: T0 + 60_000 });
    time = T0 + 30_000;
    expect(await failureOf(calculate(REQUEST))).toMatchObject({ kind: 'rate_limited', retryAt: T0 + 60_000 });
    expect(server.requests).toHaveLength(1);
    server.answer({ status: 200, body: QUOTE });
    time = T0 + 60_000;
    await expect(calculate(REQUEST)).resolves.toBeDefined();
    expect(server.requests).toHaveLength(2);
  });

  it('after a 429, the refusal, the budget and the pause agree: no quote left until the same moment', async () => {
    let time = T0;
    const now = () => time;
    // The window is longer than the pause here, so the window decides when the next quote may go.
    const budget = createQuoteBudget({ now, limit: 3, windowMs: 120_000, penaltyMs: 60_000 });
    const client = createProcessingClient({ baseUrl: server.baseUrl, apiKey: 'k', secret: 's', now });
    const calculate = withQuoteBudget(budget, client.calculateQuote, now);
    server.answer({ status: 200, body: QUOTE });
    await calculate(REQUEST);
    time += 1_000;
    await calculate(REQUEST);
    time += 1_000;
    server.answer({ status: 429, body: 'Too Many Requests', contentType: 'text/plain' });
    const refused = await failureOf(calculate(REQUEST));
    expect(refused).toMatchObject({ kind: 'rate_limited', retryAt: T0 + 120_000 });
    expect(budget.status()).toEqual({ limit: 3, remaining: 0, nextAllowedAt: T0 + 120_000 });

    // Only the pause: the service's minute is the moment, and the budget says none are left till then.
    time = T0 + 200_000;
    const paused = await failureOf(calculate(REQUEST));
    expect(paused).toMatchObject({ kind: 'rate_limited', retryAt: T0 + 260_000 });
    expect(budget.status()).toEqual({ limit: 3, remaining: 0, nextAllowedAt: T0 + 260_000 });
  });

  it('other failures do not pause, and still spend their slot', async () => {
    const budget = createQuoteBudget({ now: () => T0 });
    const calculate = withQuoteBudget(budget, async () => {
      throw new AppFailure({ kind: 'network', message: 'down' });
    });
    expect(await failureOf(calculate())).toMatchObject({ kind: 'network' });
    expect(budget.status()).toEqual({ limit: 30, remaining: 29, nextAllowedAt: null });
  });
});
