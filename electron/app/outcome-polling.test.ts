import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inEnglish } from '../../shared/i18n/testing/in-english.ts';
import type { EntryOutcome, OutcomeSource } from '../../shared/ipc/index.ts';
import { newForeignId } from '../../shared/submission/foreign-id.ts';
import { createMemorySecretStore } from '../platform/profiles/secret-store.ts';
import type { SandboxHandle } from '../sandbox/index.ts';
import { startSandbox } from '../sandbox/index.ts';
import { createMainServices } from './main-services.ts';
import type { MainServices } from './main-services.ts';
import { startCountingRelay } from './testing/counting-relay.ts';
import type { CountingRelay } from './testing/counting-relay.ts';
import { routerCalls } from './testing/router-calls.ts';

/**
 * Outcomes without a receiver, over real HTTP: main's services (router, journal, signed client)
 * with a profile on a standalone sandbox that has no receiver, behind a relay that counts every
 * transactions/info that reaches the service. An exchange placed is `processing`; the sandbox
 * settles it (its clock moves past the order's few seconds, docs/service-interface.md, "States
 * beyond the spec"), the poller hears `confirmed` and History's outcome shows it as checked with
 * the service; a final outcome is not asked about again; the lookups' limit holds for the person
 * and the poller together; and on a profile with a receiver nothing is polled.
 */

const MERCHANT = { key: `poll-key-${randomBytes(8).toString('hex')}`, secret: `poll-secret-${randomBytes(16).toString('hex')}` };
const T0 = Date.UTC(2026, 10, 27, 3);
/** The lookups' allowance in these tests: 2 for the poller (half is kept for people), 2 for the person. */
const SMALL_LIMIT = 4;

let service: SandboxHandle;
let relay: CountingRelay;
let sandboxTime = T0;
let mainTime = T0;
let dataDir: string;
let services: MainServices;

beforeAll(async () => {
  service = await startSandbox({ merchants: [MERCHANT], seed: 7, clock: () => sandboxTime, rateLimit: false });
  relay = await startCountingRelay(service.baseUrl);
});
afterAll(async () => {
  await relay.close();
  await service.close();
});
beforeEach(async () => {
  sandboxTime = T0;
  mainTime = T0;
  dataDir = await mkdtemp(join(tmpdir(), 'mc-outcome-polling-'));
  services = await createMainServices({
    dataDir,
    secretStore: createMemorySecretStore(),
    now: () => mainTime,
    log: () => undefined,
    askPerson: async () => true,
    outcomePollMs: 0,
    lookupsPerMinute: SMALL_LIMIT,
  });
});
afterEach(async () => {
  await services.close();
  await rm(dataDir, { recursive: true, force: true });
});

const { call, value } = routerCalls(() => services);

async function useProfileWithoutReceiver(): Promise<string> {
  const saved = await value<{ id: string }>('profiles.save', { name: 'No receiver', baseUrl: relay.baseUrl, apiKey: MERCHANT.key, secret: MERCHANT.secret });
  await value('profiles.select', { id: saved.id });
  return saved.id;
}

async function placeExchange(): Promise<{ orderId: number; journalId: number }> {
  const { quoteId } = await value<{ quoteId: string }>('quotes.calculate', { sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '0.001' });
  const placed = await value<{ order: { id: number; status: string }; journalId: number }>('exchange.place', { quoteId, foreignId: newForeignId('exch') });
  expect(placed.order.status).toBe('processing');
  return { orderId: placed.order.id, journalId: placed.journalId };
}

type Outcomes = { source: OutcomeSource; outcomes: Array<{ entryId: number; outcome: EntryOutcome }> };
const outcomesFor = (ids: number[]) => value<Outcomes>('outcomes.forEntries', { ids });
const outcomeOf = async (journalId: number) => (await outcomesFor([journalId])).outcomes.find((o) => o.entryId === journalId)?.outcome;
const lookups = () => relay.requests('/transactions/info');

describe('outcomes polled from the service when the profile has no receiver', () => {
  it('shows an exchange confirmed once the service settles it, checked with the service, and then asks no more', async () => {
    const profileId = await useProfileWithoutReceiver();
    const { orderId, journalId } = await placeExchange();
    const before = lookups();

    expect(await services.outcomePoller.tick()).toMatchObject({ skipped: null, asked: 1, kept: 1 });
    expect(lookups()).toBe(before + 1);
    const processing = await outcomesFor([journalId]);
    expect(processing.source).toEqual({ kind: 'no-receiver' });
    expect(processing.outcomes[0]?.outcome).toMatchObject({ final: false, current: { status: 'not_confirmed', origin: 'polled' } });
    expect(inEnglish(processing.outcomes[0]?.outcome.current.words)).toBe('Being processed');

    // The sandbox settles the order a few seconds after it was placed; the poller waits its turn.
    sandboxTime += 10_000;
    mainTime += 15_000;
    expect(await services.outcomePoller.tick()).toMatchObject({ asked: 1, kept: 1 });
    const confirmed = await outcomeOf(journalId);
    expect(confirmed).toMatchObject({ final: true, known: true, current: { status: 'confirmed', origin: 'polled', tone: 'ok', at: new Date(mainTime).toISOString() } });
    expect(inEnglish(confirmed?.current.words)).toBe('Confirmed');
    expect(confirmed?.timeline.map((step) => [step.status, step.origin])).toEqual([
      ['not_confirmed', 'polled'],
      ['confirmed', 'polled'],
    ]);
    expect(service.state(MERCHANT.key).exchanges.find((e) => e.id === orderId)?.status).toBe('confirmed');

    // Final: never asked about again, however long the app runs.
    mainTime += 24 * 60 * 60_000;
    expect(await services.outcomePoller.tick()).toMatchObject({ due: 0, asked: 0 });
    expect(lookups()).toBe(before + 2);
    // Polled outcomes are not journal entries: History's record holds the exchange and no lookup.
    expect((await services.journal.search(profileId)).entries.map((e) => e.operation)).toEqual(['exchange.place']);
  });

  it('never sends more lookups than the limit, the person’s and the poller’s together, and leaves the person theirs', async () => {
    await useProfileWithoutReceiver();
    const placed = [await placeExchange(), await placeExchange(), await placeExchange()];
    const before = lookups();

    // Two of the four a minute are spare: the poller asks about two exchanges and stops.
    expect(await services.outcomePoller.tick()).toMatchObject({ due: 3, asked: 2, outOfBudget: true });
    expect(await services.outcomePoller.tick()).toMatchObject({ asked: 0, outOfBudget: true });
    // The person's two are still there; a fifth lookup in the minute is refused before it is sent.
    expect(await call('transactions.lookup', { id: placed[0]!.orderId })).toMatchObject({ ok: true });
    expect(await call('transactions.lookup', { id: placed[1]!.orderId })).toMatchObject({ ok: true });
    expect(await call('transactions.lookup', { id: placed[2]!.orderId })).toMatchObject({ ok: false, error: { kind: 'rate_limited' } });
    expect(lookups()).toBe(before + SMALL_LIMIT);

    // A minute later the third exchange, not asked about yet, comes first.
    mainTime += 60_000;
    expect(await services.outcomePoller.tick()).toMatchObject({ asked: 2 });
    expect(lookups()).toBe(before + SMALL_LIMIT + 2);
    expect((await outcomeOf(placed[2]!.journalId))?.current.origin).toBe('polled');
  });
});

describe('with a receiver', () => {
  it('polls nothing: the Local sandbox’s callbacks tell what became of an exchange', async () => {
    const { journalId } = await placeExchange();
    const sandbox = await services.sandbox.ensure();
    expect(await services.outcomePoller.tick()).toMatchObject({ skipped: 'receiver', asked: 0 });
    await sandbox.flushCallbacks();
    const read = async () => {
      mainTime += 1_000; // past the feed's half second between reads of the receiver
      return (await outcomeOf(journalId))?.current.origin;
    };
    await expect.poll(read, { timeout: 10_000, interval: 300 }).toBe('callback');
    const outcome = await outcomeOf(journalId);
    expect(outcome?.timeline.every((step) => step.origin === 'callback')).toBe(true);
  });
});
