import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearKeychainService, uniqueKeychainService } from '../../e2e/harness/keychain.ts';
import type { Quote } from '../../shared/api/index.ts';
import type { ProfileView } from '../../shared/ipc/profile.ts';
import type { SandboxHandle } from '../sandbox/index.ts';
import { startSandbox } from '../sandbox/index.ts';
import type { ConfirmRequest } from '../platform/services/confirmation.ts';
import { createMainServices } from '../app/main-services.ts';
import type { MainServices } from '../app/main-services.ts';
import { routerCalls } from '../app/testing/router-calls.ts';
import { newForeignId } from '../../shared/submission/foreign-id.ts';

/**
 * A person confirms live actions (docs/security.md): on a live profile an exchange is placed only after a person's yes in main's own native
 * dialog, which shows the quote main holds. The real router, keychain, client and sandbox; the
 * profile points at a standalone sandbox on loopback, which main counts as live (only the app's own
 * local sandbox is not).
 */

const MERCHANT = { key: `confirm-key-${randomBytes(8).toString('hex')}`, secret: `confirm-secret-${randomBytes(16).toString('hex')}` };
const keychainService = uniqueKeychainService('live-exchange-confirmation');
const QUOTE_REQUEST = { sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '0.01' };
const SANDBOX_TIME = Date.UTC(2026, 10, 23, 9);

let service: SandboxHandle;
let dataDir: string;
let services: MainServices;
let clock = SANDBOX_TIME;
const asked: ConfirmRequest[] = [];
/** What the person does when asked: answer, after something else happens meanwhile. */
let person: (request: ConfirmRequest) => Promise<boolean> = async () => false;

beforeAll(async () => {
  service = await startSandbox({ merchants: [MERCHANT], seed: 11, clock: () => SANDBOX_TIME, rateLimit: false });
});
afterAll(async () => {
  await service.close();
  await clearKeychainService(keychainService);
});
beforeEach(async () => {
  clock = SANDBOX_TIME;
  asked.length = 0;
  dataDir = await mkdtemp(join(tmpdir(), 'mc-live-exchange-'));
  services = await createMainServices({
    dataDir,
    keychainService,
    now: () => clock,
    log: () => {},
    askPerson: (request) => {
      asked.push(request);
      return person(request);
    },
  });
});
afterEach(async () => {
  await services.close();
  await rm(dataDir, { recursive: true, force: true });
});

const { call, value } = routerCalls(() => services);

async function useLiveProfile(): Promise<ProfileView> {
  const saved = await value<ProfileView>('profiles.save', { name: 'Live EU', baseUrl: service.baseUrl, apiKey: MERCHANT.key, secret: MERCHANT.secret });
  expect(saved.kind).toBe('live');
  await value('profiles.select', { id: saved.id });
  return saved;
}

type Quoted = { quote: Quote; quoteId: string };
const placementOf = ({ quoteId }: Quoted) => ({ quoteId, foreignId: newForeignId('exch') });
const quoteThroughMain = () => value<Quoted>('quotes.calculate', QUOTE_REQUEST);
const placedAtService = (foreignId: string) => service.state(MERCHANT.key).exchanges.filter((e) => e.foreign_id === foreignId);

describe('a live exchange needs main’s own confirmation', () => {
  it('shows the held quote’s facts and places nothing after a no', async () => {
    await useLiveProfile();
    const quoted = await quoteThroughMain();
    const { quote } = quoted;
    const placement = placementOf(quoted);
    person = async () => false;
    expect(await call('exchange.place', placement)).toMatchObject({ ok: false, error: { kind: 'not_confirmed' } });
    expect(placedAtService(placement.foreignId)).toHaveLength(0);
    expect(asked).toHaveLength(1);
    expect(asked[0]?.message).toBe(`Exchange ${quote.sender_amount} BTC for ${quote.receiver_amount} EUR?`);
    expect(asked[0]?.detail).toContain(`Price: ${quote.price}`);
    expect(asked[0]?.detail).toContain(`Foreign id: ${placement.foreignId}`);
    // The quote was used up by that attempt: the same quote cannot be placed without a new one.
    expect(await call('exchange.place', placement)).toMatchObject({ ok: false, error: { kind: 'quote_unavailable', reason: 'used' } });
    expect(asked).toHaveLength(1);
  });

  it('places exactly once after a yes', async () => {
    await useLiveProfile();
    const placement = placementOf(await quoteThroughMain());
    person = async () => true;
    expect(await call('exchange.place', placement)).toMatchObject({ ok: true });
    expect(placedAtService(placement.foreignId)).toHaveLength(1);
  });

  it('sends nothing when the quote is released while the dialog is open', async () => {
    await useLiveProfile();
    const placement = placementOf(await quoteThroughMain());
    person = async () => {
      clock += 61_000;
      return true;
    };
    const answer = await call('exchange.place', placement);
    expect(answer).toMatchObject({ ok: false, error: { kind: 'quote_unavailable', reason: 'released', message: expect.stringContaining('expired while the exchange was being confirmed') } });
    expect(placedAtService(placement.foreignId)).toHaveLength(0);
  });

  it('sends nothing when the active profile is switched while the dialog is open', async () => {
    const live = await useLiveProfile();
    const placement = placementOf(await quoteThroughMain());
    person = async () => {
      // A compromised renderer switches profiles behind the dialog's back.
      await value('profiles.select', { id: 'local-sandbox' });
      return true;
    };
    expect(await call('exchange.place', placement)).toMatchObject({ ok: false, error: { message: expect.stringContaining('active profile changed') } });
    expect(placedAtService(placement.foreignId)).toHaveLength(0);
    expect(live.kind).toBe('live');
  });

  it('does not ask on the local sandbox, which moves no real money', async () => {
    person = async () => false;
    const placement = placementOf(await quoteThroughMain());
    expect(await call('exchange.place', placement)).toMatchObject({ ok: true });
    expect(asked).toHaveLength(0);
  });
});
