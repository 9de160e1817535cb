import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachMessageInEnglish } from '../../shared/i18n/testing/in-english.ts';
import { contract } from '../../shared/ipc/contract.ts';
import type { PairList } from '../../shared/ipc/contract.ts';
import { createProcessingClient } from '../platform/api/client.ts';
import { startLoopbackServer } from '../platform/api/loopback-server.ts';
import type { LoopbackServer } from '../platform/api/loopback-server.ts';
import { API_KEY, SECRET, failureOf, pairsAnswer } from '../platform/api/test-fixtures.ts';
import type { Connection, ProfileWork } from '../platform/services/connection.ts';
import { pairHandlers } from './pair-handlers.ts';

// The pairs cache of main, which keeps the forms going when the service fails, with the real client over real HTTP to a loopback server that
// answers what each test says: a good list, a list with a pair that cannot be read, a failure.

const PROFILE = 'profile-1';
let server: LoopbackServer;
let clock = Date.UTC(2025, 5, 1, 12);
let handlers: ReturnType<typeof pairHandlers>;

beforeAll(async () => {
  server = await startLoopbackServer();
  const client = createProcessingClient({ baseUrl: server.baseUrl, apiKey: API_KEY, secret: SECRET });
  // Pairs are not journaled: the profile's journal and its tracker are never used here.
  const notJournaled = {} as Pick<ProfileWork, 'journal' | 'tracker'>;
  const connection: Connection = {
    active: async () => ({ profileId: PROFILE, profileName: 'Test', kind: 'sandbox', baseUrl: server.baseUrl, origin: new URL(server.baseUrl).origin, client, ...notJournaled }),
    of: () => Promise.reject(new Error('not used')),
    forget: () => undefined,
  };
  handlers = pairHandlers({ connection, now: () => clock });
});
afterAll(() => server.close());

/** Asks as the router does, and checks the answer against the contract the renderer relies on. */
async function list(refresh?: true): Promise<PairList> {
  const answer = await handlers['pairs.list'](refresh ? { refresh } : {}, {});
  return contract['pairs.list'].response.parse(answer);
}

const goodAndBad =
  '{"data":[{"currency_from":{"currency":"ETH","type":"crypto"},"currency_to":{"currency":"EUR","type":"fiat"},"rate_from":"1","rate_to":false},' +
  pairsAnswer.slice('{"data":['.length);
const unavailable = { status: 502, body: '<html>Bad Gateway</html>', contentType: 'text/html' };

describe('the pairs cache keeps the last good list with its time', () => {
  it('with no list yet, a failure is the answer', async () => {
    server.answer(unavailable);
    expect(await failureOf(list())).toMatchObject({ kind: 'service', status: 502 });
  });

  it('carries the pairs set aside beside the ones read', async () => {
    server.answer({ status: 200, body: goodAndBad });
    const first = await list();
    expect(first.pairs.map((p) => p.rate_to)).toEqual(['20693.84879354']);
    expect(eachMessageInEnglish(first.unreadable)).toEqual([{ index: 0, field: 'rate_to', value: 'false', message: 'expected string or number' }]);
    expect(first).toMatchObject({ fetchedAt: new Date(clock).toISOString(), staleBecause: null });
  });

  it('answers the last good list, marked stale with the failure and its own time, when a refresh fails', async () => {
    server.answer({ status: 200, body: pairsAnswer });
    const good = await list(true);
    clock += 60_000;
    server.answer(unavailable);
    const stale = await list(true);
    expect(stale.pairs).toEqual(good.pairs);
    expect(stale.fetchedAt).toBe(good.fetchedAt);
    expect(stale.staleBecause).toMatchObject({ kind: 'service', status: 502 });
  });

  it('asks the service again while the list is stale, refresh or not, and is fresh once it answers', async () => {
    server.answer(unavailable);
    server.requests.length = 0;
    expect((await list()).staleBecause).toMatchObject({ kind: 'service' });
    expect(server.requests).toHaveLength(1);

    server.answer({ status: 200, body: pairsAnswer });
    const fresh = await list();
    expect(fresh).toMatchObject({ fetchedAt: new Date(clock).toISOString(), staleBecause: null, unreadable: [] });
    // Fresh again: served from memory, no request.
    expect(await list()).toEqual(fresh);
    expect(server.requests).toHaveLength(2);
  });

  it('forgets a profile’s list, after which a failure is the answer again', async () => {
    handlers.cache.forget(PROFILE);
    server.answer(unavailable);
    expect(await failureOf(list())).toMatchObject({ kind: 'service', status: 502 });
  });
});
