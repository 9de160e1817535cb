import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProcessingClient } from './client.ts';
import { startLoopbackServer } from './loopback-server.ts';
import type { LoopbackServer } from './loopback-server.ts';
import { API_KEY, SECRET, failureOf, opensslHmac, pairsAnswer } from './test-fixtures.ts';

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
});
afterEach(() => server.close());

const client = () => createProcessingClient({ baseUrl: server.baseUrl, apiKey: API_KEY, secret: SECRET });

describe('checkCredentials', () => {
  it('makes one signed POST /currencies/pairs for one pair and accepts a pair list', async () => {
    server.answer({ status: 200, body: pairsAnswer });
    await client().checkCredentials();
    expect(server.requests).toHaveLength(1);
    const request = server.requests[0];
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/api/v2/currencies/pairs');
    expect(request?.body.toString('utf8')).toBe('{"currency_from":"BTC","currency_to":"EUR"}');
    expect(request?.headers['x-processing-signature']).toBe(opensslHmac(request?.body ?? Buffer.alloc(0), SECRET));
  });

  it('accepts a field refusal: the service got past the key check', async () => {
    server.answer({ status: 400, body: '{"errors":{"currency_from":"The selected currency from is invalid."}}' });
    await expect(client().checkCredentials()).resolves.toBeUndefined();
  });

  it('refuses a bad signature, an unknown key, a 404 from some other server, and a 200 page that is not the service', async () => {
    server.answer({ status: 403, body: '{"error":"Bad signature header","code":"bad_header_signature"}' });
    expect(await failureOf(client().checkCredentials())).toMatchObject({ kind: 'authentication', code: 'bad_header_signature' });
    server.answer({ status: 403, body: '{"error":"Bad key header","code":"bad_header_key"}' });
    expect(await failureOf(client().checkCredentials())).toMatchObject({ kind: 'authentication', code: 'bad_header_key' });
    server.answer({ status: 404, body: '<html>Not Found</html>', contentType: 'text/html' });
    expect(await failureOf(client().checkCredentials())).toMatchObject({ kind: 'not_found' });
    server.answer({ status: 200, body: '<html>Welcome</html>', contentType: 'text/html' });
    expect(await failureOf(client().checkCredentials())).toMatchObject({ kind: 'unexpected_response' });
    server.answer({ status: 400, body: '{"error":"Bad content format","code":"bad_content_format"}' });
    expect(await failureOf(client().checkCredentials())).toMatchObject({ kind: 'validation', fields: {} });
  });

  it('says so when the profile has no secret, without sending anything', async () => {
    const noSecret = createProcessingClient({ baseUrl: server.baseUrl, apiKey: API_KEY, secret: '' });
    expect(await failureOf(noSecret.checkCredentials())).toMatchObject({ kind: 'configuration' });
    const badKey = createProcessingClient({ baseUrl: server.baseUrl, apiKey: 'key\r\nX-Evil: 1', secret: SECRET });
    expect(await failureOf(badKey.checkCredentials())).toMatchObject({ kind: 'configuration' });
    expect(server.requests).toHaveLength(0);
  });

  it('refuses a base URL that is not an http(s) address', async () => {
    const bad = createProcessingClient({ baseUrl: 'ftp://example.com/api/v2', apiKey: API_KEY, secret: SECRET });
    expect(await failureOf(bad.ping())).toMatchObject({ kind: 'configuration' });
    const worse = createProcessingClient({ baseUrl: 'not a url', apiKey: API_KEY, secret: SECRET });
    expect(await failureOf(worse.ping())).toMatchObject({ kind: 'configuration' });
  });
});
