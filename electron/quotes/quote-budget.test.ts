import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsOf, createKeytarSecretStore } from '../platform/profiles/secret-store.ts';
import { LOCAL_SANDBOX_ID } from '../platform/profiles/profile-book.ts';
import { createMainServices } from '../app/main-services.ts';
import type { MainServices } from '../app/main-services.ts';

// One app-wide budget in front of exchange/calculate, against the real local sandbox.

const service = `Merchant Console budget test ${randomBytes(6).toString('hex')}`;
let dataDir: string;
let services: MainServices;
const clock = { now: Date.UTC(2025, 5, 1, 12) };

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'mc-budget-'));
  services = await createMainServices({ dataDir, keychainService: service, now: () => clock.now, quoteBudget: { limit: 2, windowMs: 60_000 }, log: () => {} });
});
afterAll(async () => {
  await services?.close();
  const keychain = createKeytarSecretStore(service);
  await keychain.delete(accountsOf(LOCAL_SANDBOX_ID).credentials);
  await rm(dataDir, { recursive: true, force: true });
});

const quote = { sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '0.01' };

describe('quote budget through the router', () => {
  it('spends one slot per quote and refuses, with retryAt, once the budget is spent', async () => {
    expect(await services.router.handle('quotes.budget', {})).toEqual({ ok: true, value: { limit: 2, remaining: 2, nextAllowedAt: null } });
    expect(await services.router.handle('quotes.calculate', quote)).toMatchObject({ ok: true, value: { budget: { remaining: 1 } } });
    clock.now += 1_000;
    expect(await services.router.handle('quotes.calculate', quote)).toMatchObject({ ok: true, value: { budget: { remaining: 0 } } });
    const refused = await services.router.handle('quotes.calculate', quote);
    expect(refused).toMatchObject({ ok: false, error: { kind: 'rate_limited', retryAt: Date.UTC(2025, 5, 1, 12) + 60_000 } });
    clock.now = Date.UTC(2025, 5, 1, 12) + 60_000;
    expect(await services.router.handle('quotes.calculate', quote)).toMatchObject({ ok: true });
  });

  it('spends nothing when no call can be made', async () => {
    const before = await services.router.handle('quotes.budget', {});
    expect(await services.router.handle('quotes.calculate', { ...quote, receiver_currency: 'BTC' })).toMatchObject({ ok: false, error: { kind: 'invalid_request' } });
    expect(await services.router.handle('quotes.budget', {})).toEqual(before);
  });
});
