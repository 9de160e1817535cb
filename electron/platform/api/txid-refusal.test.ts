import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProcessingClient } from './client.ts';
import { startLoopbackServer } from './loopback-server.ts';
import type { LoopbackServer } from './loopback-server.ts';
import { newReceipt } from './transport.ts';
import { API_KEY, SECRET, failureOf, transactionAnswer } from './test-fixtures.ts';
import { TXID_UNSUPPORTED_MESSAGE } from './txid-refusal.ts';

/**
 * A lookup by txid against services that do not take the parameter (docs/service-interface.md,
 * "transactions/info by txid"): each way an older service refuses it is explained as "not
 * supported", over real HTTP; a service that takes it and finds nothing stays "not found".
 */

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
});
afterEach(() => server.close());

const HASH = '3950ad8149421a850d01dff88f024810e363ac18c9e8dd9bc0b9116e7937ad93';
const client = () => createProcessingClient({ baseUrl: server.baseUrl, apiKey: API_KEY, secret: SECRET });
const byTxid = () => client().lookupTransaction({ txid: HASH });

describe('a lookup by txid', () => {
  it('sends {"txid": …} as the single parameter of the signed GET body, and reads the answer', async () => {
    server.answer({ status: 200, body: transactionAnswer });
    const receipt = newReceipt();
    const found = await client().lookupTransaction({ txid: HASH }, receipt);
    expect(server.requests[0]).toMatchObject({ method: 'GET', path: '/api/v2/transactions/info' });
    expect(server.requests[0]?.body.toString('utf8')).toBe(`{"txid":"${HASH}"}`);
    expect(found.transaction.id).toBe(42);
    expect(receipt).toMatchObject({ status: 200, text: transactionAnswer });
  });

  const refusals: Array<[string, number, string]> = [
    ['400 "No parameters present" (the parameter ignored as unknown)', 400, '{"error":"No parameters present","code":"no_parameters"}'],
    ['the same as plain text', 400, 'No parameters present'],
    ['404 "Validation Exception"', 404, '{"error":"Validation Exception: more than one param is present"}'],
    ['a field refusal naming txid', 400, '{"errors":{"txid":"The txid field is prohibited."}}'],
    ['a 422 naming txid', 422, '{"message":"The txid may not be used here."}'],
    ['a message naming txid as unknown', 400, '{"error":"Unknown field: txid"}'],
    ['an unknown-parameter refusal', 400, '{"error":"Unknown parameter","code":"unknown_parameter"}'],
    ['an unexpected-field refusal in HTML', 400, '<html><body><h1>Bad Request</h1><p>Unexpected field in request body</p></body></html>'],
    ['"parameters are not allowed"', 400, '{"error":"The given parameters are not allowed"}'],
  ];
  for (const [name, status, body] of refusals) {
    it(`refused as ${name}: unsupported, with the back office named`, async () => {
      server.answer({ status, body, contentType: body.startsWith('{') ? 'application/json' : 'text/html' });
      expect(await failureOf(byTxid())).toEqual({ kind: 'unsupported', message: TXID_UNSUPPORTED_MESSAGE });
    });
  }

  it('found nothing, or refused the value: stays not_found or validation, in the service’s words', async () => {
    server.answer({ status: 404, body: '{"error":"Transaction not found","code":"not_found"}' });
    expect((await failureOf(byTxid())).kind).toBe('not_found');
    for (const words of ['No transaction with this txid was found.', 'The txid format is invalid.', 'The selected txid is invalid.']) {
      server.answer({ status: 400, body: JSON.stringify({ errors: { txid: words } }) });
      expect(await failureOf(byTxid()), words).toMatchObject({ kind: 'validation', fields: { txid: words } });
    }
  });

  it('authentication, the rate limit, a 5xx and a lost answer stay what they are', async () => {
    server.answer({ status: 403, body: '{"error":"Bad signature header","code":"bad_header_signature"}' });
    expect(await failureOf(byTxid())).toMatchObject({ kind: 'authentication', code: 'bad_header_signature' });
    server.answer({ status: 429, body: 'Too many requests: unknown parameter txid' });
    expect((await failureOf(byTxid())).kind).toBe('rate_limited');
    server.answer({ status: 500, body: '{"error":"No parameters present"}' });
    expect((await failureOf(byTxid())).kind).toBe('service');
    server.answer({ reset: true });
    expect((await failureOf(byTxid())).kind).toBe('network');
  });

  it('by id or foreign id, "No parameters present" keeps its own words', async () => {
    server.answer({ status: 400, body: '{"error":"No parameters present"}' });
    expect(await failureOf(client().lookupTransaction({ id: 42 }))).toMatchObject({ kind: 'validation', message: expect.stringContaining('no parameters') });
  });
});
