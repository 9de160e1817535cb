import http from 'node:http';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ANSWER_LIMITS } from './answer-limits.ts';
import { createProcessingClient } from './client.ts';
import { startLoopbackServer } from './loopback-server.ts';
import { API_KEY, failureOf, invoiceRequest, SECRET } from './test-fixtures.ts';
import { listenOnFreePort } from '../testing/free-port.ts';

/**
 * Each endpoint's answer has a size cap (docs/security.md, "Bounded answers"): past it the client stops reading,
 * drops the connection and refuses the answer, with a plain typed error (for a money-moving call,
 * an unknown outcome, as the request may have been carried out).
 */

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

const client = (baseUrl: string) => createProcessingClient({ baseUrl, apiKey: API_KEY, secret: SECRET, responseTimeoutMs: 20_000 });

/** A transaction answer padded to `bytes` with an unknown field, a list of 1 KiB texts (unknown fields are kept, so only the cap stops it). */
const padded = (bytes: number) => {
  const head = '{"id":4711,"status":"confirmed","fees":[],"transactions":[],"padding":["';
  const items = Array.from({ length: Math.floor((bytes - head.length) / 1027) }, () => 'x'.repeat(1024));
  const text = `${head}${items.join('","')}"]}`;
  return text.slice(0, -3) + 'x'.repeat(bytes - text.length) + text.slice(-3);
};

/** A hostile host that streams an answer that never ends; it records when the client hung up. */
async function endlessHost(declaredLength?: number) {
  const hangUps: Promise<void>[] = [];
  let written = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json', ...(declaredLength ? { 'content-length': String(declaredLength) } : {}) });
      res.write('{"id":4711,"padding":"');
      const chunk = Buffer.alloc(64 * 1024, 0x78);
      const pump = (): void => {
        if (res.destroyed || declaredLength) return;
        written += chunk.length;
        if (res.write(chunk)) setImmediate(pump);
        else res.once('drain', pump);
      };
      pump();
    });
  });
  server.on('connection', (socket: Socket) => hangUps.push(new Promise((resolve) => socket.on('close', () => resolve()))));
  const port = await listenOnFreePort(server);
  closers.push(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
  });
  return { baseUrl: `http://127.0.0.1:${port}/api/v2`, hangUps, written: () => written };
}

describe('answer size caps', () => {
  it('refuses a lookup answer over its cap, and reads one just under it (unknown fields kept)', async () => {
    const server = await startLoopbackServer();
    closers.push(() => server.close());
    server.answer({ status: 200, body: padded(ANSWER_LIMITS.lookup + 1) });
    expect(await failureOf(client(server.baseUrl).lookupTransaction({ id: 4711 }))).toMatchObject({
      kind: 'unexpected_response',
      message: expect.stringMatching(/far too large/),
    });
    server.answer({ status: 200, body: padded(ANSWER_LIMITS.lookup) });
    expect((await client(server.baseUrl).lookupTransaction({ id: 4711 })).transaction.id).toBe(4711);
  });

  it('stops reading an answer that never ends, and hangs up on it', async () => {
    const host = await endlessHost();
    expect(await failureOf(client(host.baseUrl).lookupTransaction({ id: 4711 }))).toMatchObject({ kind: 'unexpected_response' });
    await Promise.all(host.hangUps);
    // The host could write no further than the cap and what the sockets' buffers hold.
    expect(host.written()).toBeLessThan(ANSWER_LIMITS.lookup + 16 * 1024 * 1024);
  });

  it('refuses at once an answer whose Content-Length is over the cap, before its body', async () => {
    const host = await endlessHost(ANSWER_LIMITS.lookup * 100);
    // The body never comes (only its first bytes): without the header check this would wait for the timeout.
    expect(await failureOf(client(host.baseUrl).lookupTransaction({ id: 4711 }))).toMatchObject({ kind: 'unexpected_response' });
  });

  it('reports an oversized answer to a money-moving call as an unknown outcome', async () => {
    const server = await startLoopbackServer();
    closers.push(() => server.close());
    server.answer({ status: 201, body: `{"data":{"id":1,"padding":"${'x'.repeat(ANSWER_LIMITS.invoice)}"}}` });
    expect(await failureOf(client(server.baseUrl).createInvoice(invoiceRequest))).toMatchObject({
      kind: 'outcome_unknown',
      foreignId: invoiceRequest.foreign_id,
      message: expect.stringMatching(/far too large to read/),
    });
  });

  it('caps the quote and ping too', async () => {
    const server = await startLoopbackServer();
    closers.push(() => server.close());
    server.answer({ status: 200, body: 'x'.repeat(ANSWER_LIMITS.quote + 1) });
    expect(await failureOf(client(server.baseUrl).calculateQuote({ sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '1' }))).toMatchObject({ kind: 'unexpected_response' });
    expect(await failureOf(client(server.baseUrl).ping())).toMatchObject({ kind: 'unexpected_response', message: expect.stringMatching(/far too large/) });
  });
});
