import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearKeychainService, uniqueKeychainService } from '../../e2e/harness/keychain.ts';
import type { Quote } from '../../shared/api/index.ts';
import type { ProfileView } from '../../shared/ipc/profile.ts';
import { decimalsEqual } from '../../shared/money/index.ts';
import type { SandboxHandle } from '../sandbox/index.ts';
import { startSandbox } from '../sandbox/index.ts';
import { createProcessingClient } from '../platform/api/client.ts';
import { createMainServices } from '../app/main-services.ts';
import type { MainServices } from '../app/main-services.ts';
import { routerCalls } from '../app/testing/router-calls.ts';

/**
 * The renderer is untrusted: it may send exchange.place with anything that fits the contract, such
 * as a quote id captured from a real placement, or an id it made up. Main places only a quote it
 * received itself, under the id it gave out, for this profile, not yet released, and only once; and
 * it places that quote exactly as it was quoted.
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

type Quoted = { quote: Quote; quoteId: string; releaseAt: number };
const quoteThroughMain = () => value<Quoted>('quotes.calculate', QUOTE_REQUEST);
const placementAt = (quoted: Pick<Quoted, 'quoteId'>, foreignId = newForeignId()) => ({ quoteId: quoted.quoteId, foreignId });

/** A quote the merchant got on another device: live and unused at the service, unknown to main. */
const quoteElsewhere = (merchant = MERCHANT) =>
  createProcessingClient({ baseUrl: service.baseUrl, apiKey: merchant.key, secret: merchant.secret }).calculateQuote(QUOTE_REQUEST);

const placedAtService = (foreignId: string) => service.state(MERCHANT.key).exchanges.filter((e) => e.foreign_id === foreignId);

describe('exchange.place only at a quote main holds, by its id', () => {
  it('places exactly the quote main holds: its price, pair and the amount the person fixed', async () => {
    await useProfile('Shop', MERCHANT);
    const quoted = await quoteThroughMain();
    expect(quoted.quoteId).toMatch(/^[0-9a-f-]{36}$/);
    expect(quoted.releaseAt).toBe(clock + (quoted.quote.ts_release - quoted.quote.ts_fixed - 1) * 1000);
    const placement = placementAt(quoted);
    expect(await call('exchange.place', placement)).toMatchObject({ ok: true, value: { order: { status: 'processing' } } });
    const placed = placedAtService(placement.foreignId);
    expect(placed).toEqual([expect.objectContaining({ price: quoted.quote.price, sender_currency: 'BTC', receiver_currency: 'EUR' })]);
    // The sandbox writes amounts its own way: the same decimal, maybe with other trailing zeros.
    expect(decimalsEqual(placed[0]?.sender_amount ?? '', quoted.quote.sender_amount)).toBe(true);
  });

  it('a captured placement, replayed under a new foreign id, is refused as used and nothing is placed', async () => {
    await useProfile('Shop', MERCHANT);
    const captured = placementAt(await quoteThroughMain());
    expect(await call('exchange.place', captured)).toMatchObject({ ok: true });

    const elsewhere = await quoteElsewhere();
    const replay = { ...captured, foreignId: newForeignId() };
    const answer = await call('exchange.place', replay);
    expect(placedAtService(replay.foreignId), 'the replay was placed at the service').toEqual([]);
    expect(answer).toMatchObject({ ok: false, error: { kind: 'quote_unavailable', reason: 'used', message: expect.stringMatching(/already used.*Nothing was sent.*new quote/) } });
    // The other device's quote is still unused: main sent nothing.
    expect(service.state(MERCHANT.key).quotes.filter((q) => q.used_by === null && q.price === elsewhere.price)).toHaveLength(1);
  });

  it('an invented quote id is refused as unknown, and a placement that states its own price is not a placement at all', async () => {
    await useProfile('Shop', MERCHANT);
    const quote = await quoteElsewhere();
    const invented = placementAt({ quoteId: 'a-quote-main-never-gave-out' });
    expect(await call('exchange.place', invented)).toMatchObject({ ok: false, error: { kind: 'quote_unavailable', reason: 'unknown' } });
    expect(placedAtService(invented.foreignId)).toEqual([]);

    const { quoteId } = await quoteThroughMain();
    const restated = { quoteId, foreignId: newForeignId(), price: `${quote.price}1`, sender_amount: '0.02' };
    expect(await call('exchange.place', restated)).toMatchObject({ ok: false, error: { kind: 'invalid_request' } });
    expect(placedAtService(restated.foreignId)).toEqual([]);
  });

  it('a quote is released on main’s clock one second before the service says, and then is refused as expired', async () => {
    await useProfile('Shop', MERCHANT);
    const held = await quoteThroughMain();
    clock = held.releaseAt;
    const late = placementAt(held);
    expect(await call('exchange.place', late)).toMatchObject({ ok: false, error: { kind: 'quote_unavailable', reason: 'released', message: expect.stringMatching(/expired/) } });
    expect(placedAtService(late.foreignId)).toEqual([]);
  });

  it('a quote belongs to the profile that received it', async () => {
    await useProfile('Other shop', OTHER_MERCHANT);
    const held = await quoteThroughMain();
    await useProfile('Shop', MERCHANT);
    await quoteElsewhere();
    const body = placementAt(held);
    expect(await call('exchange.place', body)).toMatchObject({ ok: false, error: { kind: 'quote_unavailable', reason: 'unknown' } });
    expect(placedAtService(body.foreignId)).toEqual([]);
  });

  it('a profile whose address changed lets go of the quotes it had', async () => {
    const shop = await useProfile('Shop', MERCHANT);
    const held = await quoteThroughMain();
    const moved = service.baseUrl.replace('127.0.0.1', 'localhost');
    await value('profiles.save', { id: shop.id, name: 'Shop', baseUrl: moved, apiKey: MERCHANT.key, secret: MERCHANT.secret });
    const body = placementAt(held);
    expect(await call('exchange.place', body)).toMatchObject({ ok: false, error: { kind: 'quote_unavailable', reason: 'unknown' } });
    expect(placedAtService(body.foreignId)).toEqual([]);
  });
});
