import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProcessingClient } from './client.ts';
import { startLoopbackServer } from './loopback-server.ts';
import type { LoopbackServer } from './loopback-server.ts';
import { API_KEY, SECRET, failureOf, invoiceRequest, transactionAnswer } from './test-fixtures.ts';

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
});
afterEach(() => server.close());

const NOW = 1_700_000_000_000;
const client = () => createProcessingClient({ baseUrl: server.baseUrl, apiKey: API_KEY, secret: SECRET, now: () => NOW });
const lookup = () => client().lookupTransaction({ id: 42 });
const quote = () => client().calculateQuote({ sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '1' });

describe('the field refusal shape: 400 {"errors": {...}}', () => {
  it('becomes validation with one message per field', async () => {
    server.answer({ status: 400, body: '{"errors":{"foreign_id":"The foreign id has already been taken.","amount":["The amount must be at least 0.001."]}}' });
    const error = await failureOf(client().createInvoice(invoiceRequest));
    expect(error).toEqual({
      kind: 'validation',
      fields: { foreign_id: 'The foreign id has already been taken.', amount: 'The amount must be at least 0.001.' },
      message: expect.stringContaining('foreign_id: The foreign id has already been taken.'),
    });
  });
});

describe('the code shape: {"error", "code"}', () => {
  const cases = [
    ['bad_header_key', 'Bad key header', 'The API key is not known to the service.'],
    ['bad_header_signature', 'Bad signature header', 'The signature was refused: check the secret.'],
    ['required_header_key', 'No key header', 'base URL'],
    ['required_header_signature', 'No signature header', 'no signature'],
  ] as const;
  for (const [code, text, words] of cases) {
    it(`403 ${code} becomes authentication with the code kept`, async () => {
      server.answer({ status: 403, body: JSON.stringify({ error: text, code }) });
      const error = await failureOf(lookup());
      expect(error).toMatchObject({ kind: 'authentication', code });
      expect(error.message).toContain(words);
    });
  }

  it('a 403 that is not JSON is still authentication', async () => {
    server.answer({ status: 403, body: 'Forbidden', contentType: 'text/plain' });
    expect(await failureOf(lookup())).toMatchObject({ kind: 'authentication', code: 'forbidden' });
  });

  it('400 bad_content_format becomes validation without fields', async () => {
    server.answer({ status: 400, body: '{"error":"Bad content format","code":"bad_content_format"}' });
    const error = await failureOf(lookup());
    expect(error).toMatchObject({ kind: 'validation', fields: {} });
    expect(error.message).toContain('could not read the request body');
  });

  it('400 "No parameters present", as JSON or as text, becomes validation without fields', async () => {
    server.answer({ status: 400, body: '{"error":"No parameters present"}' });
    expect(await failureOf(lookup())).toMatchObject({ kind: 'validation', fields: {}, message: expect.stringContaining('no parameters') });
    server.answer({ status: 400, body: 'No parameters present', contentType: 'text/plain' });
    expect(await failureOf(lookup())).toMatchObject({ kind: 'validation', fields: {} });
  });

  it('404 becomes not_found and keeps the service words', async () => {
    server.answer({ status: 404, body: '{"error":"Validation Exception: more than one param is present"}' });
    const error = await failureOf(lookup());
    expect(error).toMatchObject({ kind: 'not_found' });
    expect(error.message).toContain('more than one param is present');
  });
});

describe('bodies that are not JSON', () => {
  it('429 as plain text becomes rate_limited, retry one minute from now', async () => {
    server.answer({ status: 429, body: 'Too Many Requests', contentType: 'text/plain' });
    expect(await failureOf(quote())).toMatchObject({ kind: 'rate_limited', retryAt: NOW + 60_000 });
  });

  it('429 as HTML, or even as broken JSON, becomes rate_limited', async () => {
    server.answer({ status: 429, body: '<html><body><h1>429 Too Many Requests</h1></body></html>', contentType: 'text/html' });
    expect(await failureOf(quote())).toMatchObject({ kind: 'rate_limited', retryAt: NOW + 60_000 });
    server.answer({ status: 429, body: '{"error": "slow down"', contentType: 'application/json' });
    expect(await failureOf(quote())).toMatchObject({ kind: 'rate_limited' });
  });

  it('an HTML 502 becomes service with the status, without the markup', async () => {
    server.answer({ status: 502, body: '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>', contentType: 'text/html' });
    const error = await failureOf(lookup());
    expect(error).toEqual({ kind: 'service', status: 502, message: expect.stringContaining('HTTP 502') });
    expect(error.message).not.toContain('<');
  });

  it('a JSON 500 on a read becomes service', async () => {
    server.answer({ status: 500, body: '{"error":"Server Error"}' });
    expect(await failureOf(quote())).toMatchObject({ kind: 'service', status: 500 });
  });

  it('truncated JSON on a 200 becomes unexpected_response for the body', async () => {
    server.answer({ status: 200, body: transactionAnswer.slice(0, 60) });
    expect(await failureOf(lookup())).toMatchObject({ kind: 'unexpected_response', field: '(body)', status: 200 });
  });

  it('an HTML page on a 200 becomes unexpected_response', async () => {
    server.answer({ status: 200, body: '<!doctype html><title>Login</title>', contentType: 'text/html' });
    expect(await failureOf(lookup())).toMatchObject({ kind: 'unexpected_response', field: '(body)', status: 200 });
  });

  it('a JSON array or a bare string where an object belongs names the body', async () => {
    server.answer({ status: 200, body: '[]' });
    expect(await failureOf(lookup())).toMatchObject({ kind: 'unexpected_response', status: 200 });
    server.answer({ status: 200, body: '"OK"' });
    expect(await failureOf(quote())).toMatchObject({ kind: 'unexpected_response', status: 200 });
  });

  it('an empty body on any status is handled', async () => {
    for (const status of [200, 400, 403, 404, 418, 500]) {
      server.answer({ status, body: '' });
      expect((await failureOf(lookup())).kind).toEqual(
        { 200: 'unexpected_response', 400: 'validation', 403: 'authentication', 404: 'not_found', 418: 'service', 500: 'service' }[status],
      );
    }
  });

  it('a redirect is not followed and says to check the base URL', async () => {
    server.answer({ status: 301, body: '' });
    const error = await failureOf(lookup());
    expect(error).toMatchObject({ kind: 'unexpected_response', field: '(status)', status: 301 });
    expect(server.requests).toHaveLength(1);
  });
});
