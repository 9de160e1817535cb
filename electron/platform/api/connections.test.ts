import http from 'node:http';
import net from 'node:net';
import type { Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProcessingClient } from './client.ts';
import type { ProcessingClient } from './client.ts';
import { API_KEY, SECRET, failureOf, fixedRequest, invoiceAnswer, invoiceRequest, orderAnswer, pairsAnswer, quoteAnswer, transactionAnswer } from './test-fixtures.ts';
import { listenOnFreePort } from '../testing/free-port.ts';

/**
 * Which calls share kept-alive connections, and what a stale one does. The server numbers its
 * connections and tells each request which connection it came on, so that a test can say "the
 * second request on a connection is met by a reset": what a client sees when the server closed an
 * idle connection just as the client sent on it.
 */

type Seen = { path: string; connection: number; nth: number; connectionHeader: string | undefined };
type Reply = { status: number; body: string } | 'reset' | 'hang';

interface CountingServer {
  baseUrl: string;
  seen: Seen[];
  connections(): number;
  answer(reply: (seen: Seen) => Reply): void;
  close(): Promise<void>;
}

async function startCountingServer(): Promise<CountingServer> {
  const seen: Seen[] = [];
  const sockets = new Map<Socket, { id: number; requests: number }>();
  let opened = 0;
  let reply: (seen: Seen) => Reply = (request) => ({ status: 200, body: bodyFor(request.path) });
  const server = http.createServer((incoming, outgoing) => {
    incoming.resume();
    incoming.on('end', () => {
      const socketInfo = sockets.get(incoming.socket);
      if (!socketInfo) throw new Error('unknown socket');
      socketInfo.requests += 1;
      const request: Seen = {
        path: (incoming.url ?? '').replace('/api/v2/', ''),
        connection: socketInfo.id,
        nth: socketInfo.requests,
        connectionHeader: incoming.headers.connection,
      };
      seen.push(request);
      const answer = reply(request);
      if (answer === 'reset') incoming.socket.resetAndDestroy();
      else if (answer !== 'hang') outgoing.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(answer.body);
    });
  });
  server.on('connection', (socket) => {
    opened += 1;
    sockets.set(socket, { id: opened, requests: 0 });
    socket.on('close', () => sockets.delete(socket));
  });
  const port = await listenOnFreePort(server);
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v2`,
    seen,
    connections: () => opened,
    answer: (next) => void (reply = next),
    close: () => {
      for (const socket of sockets.keys()) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function bodyFor(path: string): string {
  if (path === 'transactions/info') return transactionAnswer;
  if (path === 'currencies/pairs') return pairsAnswer;
  if (path === 'exchange/calculate') return quoteAnswer;
  if (path === 'invoices/create') return invoiceAnswer;
  if (path === 'exchange/fixed') return orderAnswer;
  return 'OK';
}

let server: CountingServer;
let client: ProcessingClient;
beforeEach(async () => {
  server = await startCountingServer();
  client = createProcessingClient({ baseUrl: server.baseUrl, apiKey: API_KEY, secret: SECRET, responseTimeoutMs: 10_000 });
});
afterEach(() => server.close());

const lookup = () => client.lookupTransaction({ id: 42 });
const quote = () => client.calculateQuote({ sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '1' });
/** Only the second request on a connection is reset: the first one opened it and was answered. */
const resetSecondOnAConnection = (request: Seen): Reply => (request.nth === 2 ? 'reset' : { status: 200, body: bodyFor(request.path) });

describe('kept-alive connections for the calls that may be sent twice', () => {
  it('lookups, pairs and ping share one connection', async () => {
    await lookup();
    await lookup();
    await client.listPairs({});
    await client.ping();
    expect(server.seen.map((s) => s.connection)).toEqual([1, 1, 1, 1]);
    expect(server.connections()).toBe(1);
  });

  it('every money-moving POST and every quote opens a connection of its own, asking the server to close it', async () => {
    await lookup();
    await client.createInvoice(invoiceRequest);
    await client.placeFixedExchange(fixedRequest);
    await quote();
    await quote();
    await lookup();
    expect(server.seen.map((s) => [s.path, s.connection])).toEqual([
      ['transactions/info', 1],
      ['invoices/create', 2],
      ['exchange/fixed', 3],
      ['exchange/calculate', 4],
      ['exchange/calculate', 5],
      ['transactions/info', 1],
    ]);
    expect(server.seen.filter((s) => s.connection > 1).map((s) => s.connectionHeader)).toEqual(['close', 'close', 'close', 'close']);
  });

  it('clients do not share connections (one client per profile, and so per credentials)', async () => {
    const other = createProcessingClient({ baseUrl: server.baseUrl, apiKey: 'other-key', secret: 'other-secret' });
    await lookup();
    await other.lookupTransaction({ id: 42 });
    await lookup();
    expect(server.seen.map((s) => s.connection)).toEqual([1, 2, 1]);
  });

  it('an answer that never comes on a reused connection is a response timeout, not a connect timeout', async () => {
    const slow = createProcessingClient({ baseUrl: server.baseUrl, apiKey: API_KEY, secret: SECRET, connectTimeoutMs: 3_000, responseTimeoutMs: 300 });
    await slow.lookupTransaction({ id: 42 });
    server.answer(() => 'hang');
    const error = await failureOf(slow.lookupTransaction({ id: 42 }));
    expect(error).toMatchObject({ kind: 'timeout', message: expect.stringContaining('did not answer') });
    expect(server.seen.map((s) => s.connection)).toEqual([1, 1]);
  });

  it('a response timeout longer than the connect timeout is not cut short by it once connected', async () => {
    // One timer serves both: it first runs out at the connect timeout, after the connection came up.
    const slow = createProcessingClient({ baseUrl: server.baseUrl, apiKey: API_KEY, secret: SECRET, connectTimeoutMs: 100, responseTimeoutMs: 600 });
    server.answer(() => 'hang');
    const started = performance.now();
    const error = await failureOf(slow.lookupTransaction({ id: 42 }));
    expect(error).toMatchObject({ kind: 'timeout', message: expect.stringContaining('did not answer') });
    expect(performance.now() - started).toBeGreaterThanOrEqual(590);
  });
});

describe('the deadlines of exchanges in flight at once', () => {
  it('a shorter timeout that starts later still ends first, while the longer one goes on', async () => {
    // One timer watches every exchange's deadline (http-exchange.ts): a later, earlier deadline moves it.
    const patient = createProcessingClient({ baseUrl: server.baseUrl, apiKey: API_KEY, secret: SECRET, responseTimeoutMs: 2_000 });
    const hasty = createProcessingClient({ baseUrl: server.baseUrl, apiKey: API_KEY, secret: SECRET, responseTimeoutMs: 200 });
    server.answer(() => 'hang');
    let patientEnded = false;
    const waiting = failureOf(patient.lookupTransaction({ id: 42 })).finally(() => (patientEnded = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await failureOf(hasty.lookupTransaction({ id: 42 }))).toMatchObject({ kind: 'timeout', message: expect.stringContaining('did not answer') });
    expect(patientEnded).toBe(false);
    expect(await waiting).toMatchObject({ kind: 'timeout', message: expect.stringContaining('did not answer') });
  });
});

describe('a stale kept-alive connection', () => {
  it('a lookup is sent once more, on a fresh connection, and answered', async () => {
    await lookup();
    server.answer(resetSecondOnAConnection);
    const { transaction } = await lookup();
    expect(transaction.id).toBe(42);
    expect(server.seen.map((s) => [s.connection, s.nth])).toEqual([[1, 1], [1, 2], [2, 1]]);
    // The fresh connection of the second send is not kept.
    expect(server.seen[2]?.connectionHeader).toBe('close');
  });

  it('pairs are sent once more too', async () => {
    await client.listPairs({});
    server.answer(resetSecondOnAConnection);
    expect((await client.listPairs({})).pairs).toHaveLength(1);
    expect(server.seen).toHaveLength(3);
  });

  it('only once: a reset on the fresh connection as well is a network failure, after two sends', async () => {
    await lookup();
    server.answer(() => 'reset');
    expect(await failureOf(lookup())).toMatchObject({ kind: 'network', message: expect.stringContaining('closed') });
    expect(server.seen.map((s) => [s.connection, s.nth])).toEqual([[1, 1], [1, 2], [2, 1]]);
  });

  it('a reset on a fresh connection is not sent again: the connection was not stale', async () => {
    server.answer(() => 'reset');
    expect(await failureOf(lookup())).toMatchObject({ kind: 'network' });
    expect(server.seen).toHaveLength(1);
  });

  it('a reset after part of the answer arrived is not sent again', async () => {
    const raw = await startRawServer((socket, nth) => {
      if (nth === 1) socket.write(`HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${transactionAnswer.length}\r\n\r\n${transactionAnswer}`);
      else socket.write('HTTP/1.1 200 OK\r\nContent-Length: 500\r\n\r\n{"id"', () => socket.resetAndDestroy());
    });
    try {
      const onRaw = createProcessingClient({ baseUrl: raw.baseUrl, apiKey: API_KEY, secret: SECRET });
      await onRaw.lookupTransaction({ id: 42 });
      expect(await failureOf(onRaw.lookupTransaction({ id: 42 }))).toMatchObject({ kind: 'network' });
      expect(raw.requests()).toBe(2);
    } finally {
      await raw.close();
    }
  });
});

/** A server that speaks HTTP/1.1 by hand: `answer` is called for each request (nth on its connection). */
async function startRawServer(answer: (socket: Socket, nth: number) => void): Promise<{ baseUrl: string; requests(): number; close(): Promise<void> }> {
  let requests = 0;
  const sockets = new Set<Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    let nth = 0;
    let buffered = '';
    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('latin1');
      // Each request is headers plus a Content-Length body; answer once the body is in.
      for (;;) {
        const headEnd = buffered.indexOf('\r\n\r\n');
        if (headEnd < 0) return;
        const length = Number(/content-length: *(\d+)/i.exec(buffered.slice(0, headEnd))?.[1] ?? 0);
        if (buffered.length < headEnd + 4 + length) return;
        buffered = buffered.slice(headEnd + 4 + length);
        requests += 1;
        nth += 1;
        answer(socket, nth);
      }
    });
    socket.on('error', () => undefined);
  });
  const port = await listenOnFreePort(server);
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v2`,
    requests: () => requests,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('money-moving POSTs stay exact', () => {
  for (const [name, run, foreignId] of [
    ['invoices/create', () => client.createInvoice(invoiceRequest), 'inv-1001'],
    ['exchange/fixed', () => client.placeFixedExchange(fixedRequest), 'fx-0250'],
  ] as const) {
    it(`${name}: a reset after a lookup warmed the pool is outcome_unknown, sent once on its own connection`, async () => {
      await lookup();
      server.answer((request) => (request.path === name ? 'reset' : { status: 200, body: bodyFor(request.path) }));
      expect(await failureOf(run())).toMatchObject({ kind: 'outcome_unknown', foreignId });
      expect(server.seen.map((s) => [s.path, s.connection])).toEqual([['transactions/info', 1], [name, 2]]);
    });
  }

  it('a quote reset on its connection is a network failure, sent once: a second send would spend the limit', async () => {
    server.answer(() => 'reset');
    expect(await failureOf(quote())).toMatchObject({ kind: 'network' });
    expect(server.seen).toHaveLength(1);
  });
});
