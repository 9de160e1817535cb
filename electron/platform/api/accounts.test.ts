import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProcessingClient } from './client.ts';
import { freePort } from '../testing/free-port.ts';
import { startLoopbackServer } from './loopback-server.ts';
import type { LoopbackServer } from './loopback-server.ts';
import { API_KEY, SECRET, failureOf } from './test-fixtures.ts';

/** accounts/list over real HTTP (docs/service-interface.md, "accounts/list"): `{}` signed, balances exact. */

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
});
afterEach(() => server.close());

const client = (baseUrl = server.baseUrl) => createProcessingClient({ baseUrl, apiKey: API_KEY, secret: SECRET });

describe('listing the balances', () => {
  it('posts {} and reads every balance as exact text, zeros and JSON numbers included', async () => {
    server.answer({
      status: 200,
      body: '{"data":[{"currency":"DOGE","type":"crypto","balance":"13234.91276375"},{"currency":"EUR","type":"fiat","balance":5973.97568920},{"currency":"USDT","type":"crypto","balance":"0.00000000"}]}',
    });
    const { balances, unreadable } = await client().listBalances();
    expect(server.requests[0]).toMatchObject({ method: 'POST', path: '/api/v2/accounts/list' });
    expect(server.requests[0]?.body.toString('utf8')).toBe('{}');
    expect(unreadable).toEqual([]);
    expect(balances.map((b) => `${b.currency} ${b.type} ${b.balance}`)).toEqual(['DOGE crypto 13234.91276375', 'EUR fiat 5973.97568920', 'USDT crypto 0.00000000']);
  });

  it('sets aside a balance it cannot read, by its place, and keeps the others', async () => {
    server.answer({ status: 200, body: '{"data":[{"currency":"BTC","type":"crypto","balance":null},{"currency":"EUR","type":"fiat","balance":"1.5"}]}' });
    const { balances, unreadable } = await client().listBalances();
    expect(balances.map((b) => b.currency)).toEqual(['EUR']);
    expect(unreadable).toEqual([expect.objectContaining({ index: 0, field: 'balance', value: 'null' })]);
  });

  it('an answer without a list, a 500 and a refused connection are typed errors', async () => {
    server.answer({ status: 200, body: '{"data":{"BTC":"1"}}' });
    expect(await failureOf(client().listBalances())).toMatchObject({ kind: 'unexpected_response', field: 'data' });
    server.answer({ status: 500, body: 'oops' });
    expect(await failureOf(client().listBalances())).toMatchObject({ kind: 'service', status: 500 });
    const port = await freePort();
    expect((await failureOf(client(`http://127.0.0.1:${port}/api/v2`).listBalances())).kind).toBe('network');
  });
});
