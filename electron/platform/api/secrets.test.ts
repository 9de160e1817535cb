import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../../../shared/ipc/errors.ts';
import { isAppFailure } from '../../../shared/ipc/errors.ts';
import { createProcessingClient } from './client.ts';
import { freePort } from '../testing/free-port.ts';
import { startLoopbackServer } from './loopback-server.ts';
import type { CannedAnswer, LoopbackServer } from './loopback-server.ts';
import { API_KEY, SECRET, fixedRequest, invoiceRequest } from './test-fixtures.ts';

/** Keys and secrets never appear in a thrown error: not in its message, its JSON, or its stack. */

let server: LoopbackServer;
beforeAll(async () => {
  server = await startLoopbackServer();
});
afterAll(() => server.close());

async function thrown(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

function expectNoCredentials(error: unknown): void {
  expect(isAppFailure(error)).toBe(true);
  const appError = (error as { error: AppError }).error;
  const texts = [String(error), (error as Error).stack ?? '', JSON.stringify(error), JSON.stringify(appError), appError.message];
  for (const text of texts) {
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(API_KEY);
  }
}

describe('no secret in any error', () => {
  // Some answers echo the credentials back, as a careless proxy or service might.
  const answers: CannedAnswer[] = [
    { status: 400, body: JSON.stringify({ errors: { foreign_id: `bad ${SECRET}`, [API_KEY]: 'odd' } }) },
    { status: 403, body: JSON.stringify({ error: `Bad key ${API_KEY}`, code: 'bad_header_key' }) },
    { status: 403, body: JSON.stringify({ error: `Bad key ${API_KEY}`, code: 'something_new' }) },
    { status: 404, body: JSON.stringify({ error: `No transaction for ${API_KEY} / ${SECRET}` }) },
    { status: 400, body: `signature for ${SECRET} refused`, contentType: 'text/plain' },
    { status: 418, body: `teapot ${SECRET}`, contentType: 'text/plain' },
    { status: 429, body: `limit for ${API_KEY}`, contentType: 'text/plain' },
    { status: 502, body: `<html>${SECRET}</html>`, contentType: 'text/html' },
    { status: 200, body: `{"id": "${SECRET}"` },
    { status: 200, body: JSON.stringify({ id: SECRET }) },
    { reset: true },
  ];
  for (const [index, answer] of answers.entries()) {
    it(`answer #${index} (${'status' in answer ? answer.status : Object.keys(answer)[0]})`, async () => {
      server.answer(answer);
      const client = createProcessingClient({ baseUrl: server.baseUrl, apiKey: API_KEY, secret: SECRET });
      expectNoCredentials(await thrown(() => client.lookupTransaction({ id: 1 })));
      expectNoCredentials(await thrown(() => client.createInvoice(invoiceRequest)));
      expectNoCredentials(await thrown(() => client.placeFixedExchange(fixedRequest)));
    });
  }

  it('network, configuration and invalid requests', async () => {
    const port = await freePort();
    const refused = createProcessingClient({ baseUrl: `http://127.0.0.1:${port}/api/v2`, apiKey: API_KEY, secret: SECRET });
    expectNoCredentials(await thrown(() => refused.checkCredentials()));
    const badUrl = createProcessingClient({ baseUrl: `http://user:${SECRET}@127.0.0.1:${port}/api/v2`, apiKey: API_KEY, secret: SECRET });
    expectNoCredentials(await thrown(() => badUrl.listPairs({})));
    expectNoCredentials(await thrown(() => refused.lookupTransaction({ foreign_id: '' })));
  });
});
