import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addressTakeRequest } from '../../../shared/api/index.ts';
import { createProcessingClient } from './client.ts';
import { startLoopbackServer } from './loopback-server.ts';
import type { LoopbackServer } from './loopback-server.ts';
import { newReceipt, signBody } from './transport.ts';
import { API_KEY, SECRET, failureOf } from './test-fixtures.ts';

/**
 * addresses/take over real HTTP (docs/service-interface.md, "addresses/take"): the body as the
 * router's check hands it over, signed as sent; the 201 with its tag; and, as it creates something
 * under the foreign id, a lost answer is an unknown outcome.
 */

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
});
afterEach(() => server.close());

const client = (responseTimeoutMs = 10_000) => createProcessingClient({ baseUrl: server.baseUrl, apiKey: API_KEY, secret: SECRET, responseTimeoutMs });

/** As the router hands it over: the contract's output, sender data cleaned. */
const request = addressTakeRequest.parse({
  currency: 'XRP',
  convert_to: 'EUR',
  foreign_id: 'user-id:2048',
  end_user_reference: 'customer-2048',
  sender_type: 'legal',
  sender_data: { legal_name: ' Acme GmbH ', country_of_registration: 'DEU', email: '' },
});

const XRP_ANSWER = '{"data":{"id":7,"currency":"XRP","convert_to":"EUR","address":"rN7n7otQDd6FczFgLdSqtcsAUxDkw6fzRH","tag":3051997,"foreign_id":"user-id:2048"}}';

describe('taking a deposit address', () => {
  it('posts the fields in the documented order, signs the bytes sent, and reads the 201 with its tag', async () => {
    server.answer({ status: 201, body: XRP_ANSWER });
    const receipt = newReceipt();
    const address = await client().takeAddress(request, receipt);
    const sent = server.requests[0];
    expect(sent).toMatchObject({ method: 'POST', path: '/api/v2/addresses/take' });
    const text = sent?.body.toString('utf8') ?? '';
    expect(text).toBe(
      '{"currency":"XRP","convert_to":"EUR","foreign_id":"user-id:2048","end_user_reference":"customer-2048","sender_type":"legal","sender_data":{"legal_name":"Acme GmbH","country_of_registration":"DEU"}}',
    );
    expect(sent?.headers['x-processing-signature']).toBe(signBody(text, SECRET));
    expect(address).toMatchObject({ id: 7, address: 'rN7n7otQDd6FczFgLdSqtcsAUxDkw6fzRH', tag: '3051997', convert_to: 'EUR' });
    expect(receipt).toMatchObject({ status: 201, text: XRP_ANSWER });
  });

  it('leaves out convert_to when none is asked', async () => {
    server.answer({ status: 201, body: '{"data":{"id":8,"currency":"BTC","convert_to":null,"address":"bc1qexample","tag":null,"foreign_id":"a-1"}}' });
    const { convert_to: _none, ...plain } = { ...request, currency: 'BTC', foreign_id: 'a-1' };
    const address = await client().takeAddress(plain);
    expect(JSON.parse(server.requests[0]?.body.toString('utf8') ?? '{}')).not.toHaveProperty('convert_to');
    expect(address.tag).toBeNull();
  });

  it('a duplicate foreign id is a validation error on that field', async () => {
    server.answer({ status: 400, body: '{"errors":{"foreign_id":"The foreign id has already been taken."}}' });
    expect(await failureOf(client().takeAddress(request))).toMatchObject({ kind: 'validation', fields: { foreign_id: expect.stringMatching(/taken/) } });
  });

  it('a lost answer, no answer, a 5xx or an unreadable 201 is outcome unknown under its foreign id', async () => {
    for (const answer of [{ reset: true } as const, { status: 502, body: '<html>Bad gateway</html>' }, { status: 201, body: '{"data":{"id":7}}' }]) {
      server.answer(answer);
      expect(await failureOf(client().takeAddress(request))).toMatchObject({ kind: 'outcome_unknown', foreignId: 'user-id:2048' });
    }
    server.answer({ hang: true });
    expect(await failureOf(client(300).takeAddress(request))).toMatchObject({ kind: 'outcome_unknown', foreignId: 'user-id:2048' });
  });
});
