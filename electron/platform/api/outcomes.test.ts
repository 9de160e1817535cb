import net from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProcessingClient } from './client.ts';
import type { ProcessingClient } from './client.ts';
import { freePort, listenOnFreePort } from '../testing/free-port.ts';
import { startLoopbackServer } from './loopback-server.ts';
import type { CannedAnswer, LoopbackServer } from './loopback-server.ts';
import { API_KEY, SECRET, failureOf, fixedRequest, invoiceAnswer, invoiceRequest, orderAnswer } from './test-fixtures.ts';

/**
 * Lost answers. A short response timeout is used only to end a test whose server never answers;
 * nothing here measures time.
 */

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
});
afterEach(() => server.close());

/** A short response timeout only where the server is told never to answer; generous elsewhere (loaded machines). */
const client = (baseUrl = server.baseUrl, responseTimeoutMs = 10_000) =>
  createProcessingClient({ baseUrl, apiKey: API_KEY, secret: SECRET, responseTimeoutMs });
const hanging = () => client(server.baseUrl, 300);

describe('reads: network and timeout', () => {
  it('a refused connection is network', async () => {
    const port = await freePort();
    const error = await failureOf(client(`http://127.0.0.1:${port}/api/v2`).lookupTransaction({ id: 1 }));
    expect(error).toMatchObject({ kind: 'network', message: expect.stringContaining('refused') });
  });

  it('no answer to GET /transactions/info is timeout, asked once', async () => {
    server.answer({ hang: true });
    expect(await failureOf(hanging().lookupTransaction({ id: 1 }))).toMatchObject({ kind: 'timeout' });
    expect(server.requests).toHaveLength(1);
  });

  it('a reset during a GET is network, and the GET is not retried', async () => {
    server.answer({ reset: true });
    expect(await failureOf(client().lookupTransaction({ id: 1 }))).toMatchObject({ kind: 'network' });
    expect(server.requests).toHaveLength(1);
  });

  it('a reset or no answer during a quote is network or timeout, not unknown: a quote moves no money', async () => {
    const quote = (c: ProcessingClient) => c.calculateQuote({ sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '1' });
    server.answer({ reset: true });
    expect(await failureOf(quote(client()))).toMatchObject({ kind: 'network' });
    server.answer({ hang: true });
    expect(await failureOf(quote(hanging()))).toMatchObject({ kind: 'timeout' });
  });
});

type MoneyCall = { name: string; run: (c: ProcessingClient) => Promise<unknown>; foreignId: string; ok: string };
const moneyCalls: MoneyCall[] = [
  { name: 'invoices/create', run: (c) => c.createInvoice(invoiceRequest), foreignId: 'inv-1001', ok: invoiceAnswer },
  { name: 'exchange/fixed', run: (c) => c.placeFixedExchange(fixedRequest), foreignId: 'fx-0250', ok: orderAnswer },
];

for (const call of moneyCalls) {
  describe(`POST ${call.name}: a lost answer is an unknown outcome`, () => {
    const lost: Array<[string, CannedAnswer]> = [
      ['a reset after the request was read', { reset: true }],
      ['no answer within the response timeout', { hang: true }],
      ['a body cut short of its Content-Length', { truncate: { status: 201, body: call.ok.slice(0, 40) } }],
      ['a complete 201 whose JSON is truncated', { status: 201, body: call.ok.slice(0, 40) }],
      ['a 201 with a field of the wrong type', { status: 201, body: call.ok.replace(/"id":\d+/, '"id":"seven"') }],
      ['an HTML 502 from a proxy', { status: 502, body: '<html><body>Bad Gateway</body></html>', contentType: 'text/html' }],
      ['a JSON 500', { status: 500, body: '{"error":"Server Error"}' }],
      ['a 504 with no body', { status: 504, body: '' }],
    ];
    for (const [what, answer] of lost) {
      it(`${what} -> outcome_unknown with the foreign id, sent exactly once`, async () => {
        server.answer(answer);
        const error = await failureOf(call.run('hang' in answer ? hanging() : client()));
        expect(error).toMatchObject({ kind: 'outcome_unknown', foreignId: call.foreignId });
        expect(error.message).toContain(call.foreignId);
        expect(server.requests).toHaveLength(1);
      });
    }

    it('a refused connection is network: nothing was sent', async () => {
      const port = await freePort();
      expect(await failureOf(call.run(client(`http://127.0.0.1:${port}/api/v2`)))).toMatchObject({ kind: 'network' });
    });

    it('a clear refusal is not unknown: 400 field errors, 403, 429, and a 5xx carrying field errors', async () => {
      server.answer({ status: 400, body: '{"errors":{"foreign_id":"The foreign id has already been taken."}}' });
      expect(await failureOf(call.run(client()))).toMatchObject({ kind: 'validation' });
      server.answer({ status: 403, body: '{"error":"Bad signature header","code":"bad_header_signature"}' });
      expect(await failureOf(call.run(client()))).toMatchObject({ kind: 'authentication' });
      server.answer({ status: 429, body: 'Too Many Requests' });
      expect(await failureOf(call.run(client()))).toMatchObject({ kind: 'rate_limited' });
      server.answer({ status: 500, body: '{"errors":{"amount":"The amount is too small."}}' });
      expect(await failureOf(call.run(client()))).toMatchObject({ kind: 'validation', fields: { amount: 'The amount is too small.' } });
      expect(server.requests).toHaveLength(4);
    });
  });
}

describe('https: nothing is sent before the TLS session is up', () => {
  async function tcpServer(onData: (socket: net.Socket) => void): Promise<{ url: string; received: Buffer[]; close: () => Promise<void> }> {
    const received: Buffer[] = [];
    const sockets = new Set<net.Socket>();
    const tcp = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('data', (chunk) => {
        received.push(chunk);
        onData(socket);
      });
      socket.on('error', () => undefined);
    });
    const port = await listenOnFreePort(tcp);
    return {
      url: `https://127.0.0.1:${port}/api/v2`,
      received,
      close: () => {
        for (const socket of sockets) socket.destroy();
        return new Promise<void>((resolve) => tcp.close(() => resolve()));
      },
    };
  }

  it('a TLS handshake that never completes is a connect timeout, not an unknown outcome', async () => {
    const silent = await tcpServer(() => undefined);
    try {
      const slow = createProcessingClient({ baseUrl: silent.url, apiKey: API_KEY, secret: SECRET, connectTimeoutMs: 300 });
      const error = await failureOf(slow.createInvoice(invoiceRequest));
      expect(error).toMatchObject({ kind: 'timeout', message: expect.stringContaining('connection') });
      expect(Buffer.concat(silent.received).includes('invoices/create')).toBe(false);
    } finally {
      await silent.close();
    }
  });

  it('a TLS handshake the server breaks off is network, not an unknown outcome', async () => {
    const plain = await tcpServer((socket) => socket.end('HTTP/1.1 400 Bad Request\r\n\r\n'));
    try {
      const error = await failureOf(client(plain.url).placeFixedExchange(fixedRequest));
      expect(error.kind).toBe('network');
    } finally {
      await plain.close();
    }
  });
});
