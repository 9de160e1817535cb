import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearKeychainService, uniqueKeychainService } from '../../../e2e/harness/keychain.ts';
import type { FixedExchangeRequest, Quote } from '../../../shared/api/index.ts';
import type { ProfileView } from '../../../shared/ipc/profile.ts';
import type { SandboxHandle } from '../../sandbox/index.ts';
import { startSandbox } from '../../sandbox/index.ts';
import { createProcessingClient } from '../api/client.ts';
import { createMainServices } from './main-services.ts';
import type { MainServices } from './main-services.ts';
import { routerCalls } from './testing/router-calls.ts';

/**
 * Issue 11, "Replay of a placement: no quote held by main, no placement". The renderer is
 * untrusted: it may send exchange.place with any body that fits the schema, such as one captured
 * from a real placement. Main places an exchange only at a quote it received itself, for this
 * profile, not yet released, with the same pair, amount and price, and only once.
 *
 * The real router, keychain and client, and the real sandbox as the service. The sandbox's clock
 * stands still, so its prices do too: another device of the merchant can get a quote at exactly the
 * captured price, a live quote the sandbox would accept, that main never received.
 */

const MERCHANT = { key: `replay-key-${randomBytes(8).toString('hex')}`, secret: `replay-secret-${randomBytes(16).toString('hex')}` };
const OTHER_MERCHANT = { key: `replay-other-${randomBytes(8).toString('hex')}`, secret: `replay-other-secret-${randomBytes(8).toString('hex')}` };
const keychainService = uniqueKeychainService('placement-replay');
const QUOTE_REQUEST = { sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '0.01' };
const SANDBOX_TIME = Date.UTC(2026, 10, 23, 9);

let service: SandboxHandle;
let dataDir: string;
let services: MainServices;
let clock = Date.UTC(2026, 10, 23, 9);

beforeAll(async () => {
  service = await startSandbox({ merchants: [MERCHANT, OTHER_MERCHANT], seed: 7, clock: () => SANDBOX_TIME, rateLimit: false });
});
afterAll(async () => {
  await service.close();
  await clearKeychainService(keychainService);
});
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'mc-placement-replay-'));
  // A person who says yes to everything main asks: what stops a replay is main's rule, not a refusal.
  services = await createMainServices({ dataDir, keychainService, now: () => clock, log: () => {}, askPerson: async () => true });
});
afterEach(async () => {
  await services.close();
  await rm(dataDir, { recursive: true, force: true });
});

const { call, value } = routerCalls(() => services);

async function useProfile(name: string, merchant: { key: string; secret: string }): Promise<ProfileView> {
  const saved = await value<ProfileView>('profiles.save', { name, baseUrl: service.baseUrl, apiKey: merchant.key, secret: merchant.secret });
  await value('profiles.select', { id: saved.id });
  return saved;
}

const newForeignId = () => `exchange-${randomBytes(6).toString('hex')}`;

/** What the exchange screen sends for a quote: the quoted price and amount, as the quote carried them. */
const placementOf = (quote: Quote, foreignId = newForeignId()): FixedExchangeRequest => ({
  foreign_id: foreignId,
  price: quote.price,
  sender_currency: quote.sender_currency,
  receiver_currency: quote.receiver_currency,
  sender_amount: quote.sender_amount,
});

const quoteThroughMain = async () => (await value<{ quote: Quote }>('quotes.calculate', QUOTE_REQUEST)).quote;

/** A quote the merchant got on another device: live and unused at the service, unknown to main. */
const quoteElsewhere = (merchant = MERCHANT) =>
  createProcessingClient({ baseUrl: service.baseUrl, apiKey: merchant.key, secret: merchant.secret }).calculateQuote(QUOTE_REQUEST);

const placedAtService = (foreignId: string) => service.state(MERCHANT.key).exchanges.filter((e) => e.foreign_id === foreignId);

describe('exchange.place only at a quote main holds', () => {
  it('a captured placement, replayed under a new foreign id, is refused by main and nothing is placed', async () => {
    await useProfile('Shop', MERCHANT);
    const captured = placementOf(await quoteThroughMain());
    expect(await call('exchange.place', captured)).toMatchObject({ ok: true, value: { order: { status: 'processing' } } });
    expect(placedAtService(captured.foreign_id)).toHaveLength(1);

    const elsewhere = await quoteElsewhere();
    expect(elsewhere.price).toBe(captured.price);
    const replay = { ...captured, foreign_id: newForeignId() };
    const answer = await call('exchange.place', replay);
    expect(placedAtService(replay.foreign_id), 'the replay was placed at the service').toEqual([]);
    expect(answer).toMatchObject({
      ok: false,
      error: { kind: 'invalid_request', fields: { price: expect.stringMatching(/no unused quote.*already used.*Nothing was sent.*new quote/) } },
    });
    // The other device's quote is still unused: main sent nothing.
    expect(service.state(MERCHANT.key).quotes.filter((q) => q.used_by === null)).toHaveLength(1);
  });

  it('a placement with no quote at all is refused, and so is one at a price, pair or amount main was not quoted', async () => {
    await useProfile('Shop', MERCHANT);
    const quote = await quoteElsewhere();
    const invented = placementOf(quote);
    expect(await call('exchange.place', invented)).toMatchObject({ ok: false, error: { kind: 'invalid_request', fields: { price: expect.stringMatching(/no unused quote/) } } });

    const held = await quoteThroughMain();
    const changes: Array<Partial<FixedExchangeRequest>> = [
      { price: `${held.price}1` },
      { sender_amount: '0.02' },
      { sender_currency: 'ETH' },
      { receiver_currency: 'USD' },
    ];
    for (const change of changes) {
      const body = { ...placementOf(held), ...change };
      const refused = await call('exchange.place', body);
      expect(refused, JSON.stringify(change)).toMatchObject({ ok: false, error: { kind: 'invalid_request' } });
      expect(placedAtService(body.foreign_id)).toEqual([]);
    }
    // The same amount written with other digits is the same amount, and the held quote places once.
    const placed = placementOf(held);
    expect(await call('exchange.place', { ...placed, sender_amount: '0.0100' })).toMatchObject({ ok: true });
  });

  it('a quote is released on main’s clock one second before the service says, and then places nothing', async () => {
    await useProfile('Shop', MERCHANT);
    const held = await quoteThroughMain();
    clock += (held.ts_release - held.ts_fixed - 1) * 1000;
    const late = placementOf(held);
    expect(await call('exchange.place', late)).toMatchObject({ ok: false, error: { kind: 'invalid_request', fields: { price: expect.stringMatching(/released/) } } });
    expect(placedAtService(late.foreign_id)).toEqual([]);
  });

  it('a quote belongs to the profile that received it', async () => {
    await useProfile('Other shop', OTHER_MERCHANT);
    const held = await quoteThroughMain();
    await useProfile('Shop', MERCHANT);
    await quoteElsewhere();
    const body = placementOf(held);
    expect(await call('exchange.place', body)).toMatchObject({ ok: false, error: { kind: 'invalid_request' } });
    expect(placedAtService(body.foreign_id)).toEqual([]);
  });

  it('a profile whose address changed lets go of the quotes it had', async () => {
    const shop = await useProfile('Shop', MERCHANT);
    const held = await quoteThroughMain();
    const moved = service.baseUrl.replace('127.0.0.1', 'localhost');
    await value('profiles.save', { id: shop.id, name: 'Shop', baseUrl: moved, apiKey: MERCHANT.key, secret: MERCHANT.secret });
    const body = placementOf(held);
    expect(await call('exchange.place', body)).toMatchObject({ ok: false, error: { kind: 'invalid_request' } });
    expect(placedAtService(body.foreign_id)).toEqual([]);
  });
});
