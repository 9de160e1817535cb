import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProcessingClient } from './client.ts';
import { closedPort, startLoopbackServer } from './loopback-server.ts';
import type { LoopbackServer } from './loopback-server.ts';
import { newReceipt } from './service-call.ts';
import type { CallReceipt } from './service-call.ts';
import { API_KEY, SECRET, failureOf, invoiceAnswer, invoiceRequest } from './test-fixtures.ts';

/**
 * The receipt's onSend (issue 12): the journal writes its sent mark there, and "a try without the
 * mark never left" is only true if the transport hands no byte over before calling it, calls it
 * whenever it hands bytes over, and sends nothing when it throws. Real sockets on loopback.
 */

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
});
afterEach(() => server.close());

const client = (baseUrl: string, extra: { connectTimeoutMs?: number; responseTimeoutMs?: number } = {}) =>
  createProcessingClient({ baseUrl, apiKey: API_KEY, secret: SECRET, ...extra });

/** A receipt that counts its onSend calls. */
function countingReceipt(): CallReceipt & { sends: number } {
  const receipt = Object.assign(newReceipt(), { sends: 0 });
  receipt.onSend = () => void (receipt.sends += 1);
  return receipt;
}

/** A bare TCP server that records every byte each connection brings and when the connection ends. */
async function byteCounter(): Promise<{ url: string; connections: Array<{ bytes: number; closed: Promise<void> }>; close(): Promise<void> }> {
  const connections: Array<{ bytes: number; closed: Promise<void> }> = [];
  const sockets = new Set<net.Socket>();
  const tcp = net.createServer((socket) => {
    sockets.add(socket);
    const connection = { bytes: 0, closed: new Promise<void>((done) => socket.on('close', () => done())) };
    connections.push(connection);
    socket.on('data', (chunk) => (connection.bytes += chunk.length));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
  const { port } = tcp.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/v2`,
    connections,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => tcp.close(() => resolve()));
    },
  };
}

describe('the moment the request is handed to the network', () => {
  it('is reported once for a request that is answered', async () => {
    server.answer({ status: 201, body: invoiceAnswer });
    const receipt = countingReceipt();
    await client(server.baseUrl).createInvoice(invoiceRequest, receipt);
    expect(receipt.sends).toBe(1);
    expect(server.requests).toHaveLength(1);
  });

  it('is reported for a request whose answer is then lost (outcome unknown)', async () => {
    server.answer({ reset: true });
    const receipt = countingReceipt();
    expect(await failureOf(client(server.baseUrl).createInvoice(invoiceRequest, receipt))).toMatchObject({ kind: 'outcome_unknown' });
    expect(receipt.sends).toBe(1);
  });

  it('is never reported when no connection is made: refused, or a TLS session that never comes up', async () => {
    const refused = countingReceipt();
    const port = await closedPort();
    expect(await failureOf(client(`http://127.0.0.1:${port}/api/v2`).createInvoice(invoiceRequest, refused))).toMatchObject({ kind: 'network' });
    expect(refused.sends).toBe(0);

    const silent = await byteCounter();
    try {
      const noTls = countingReceipt();
      const error = await failureOf(client(silent.url.replace('http:', 'https:'), { connectTimeoutMs: 300 }).createInvoice(invoiceRequest, noTls));
      expect(error.kind).toBe('timeout');
      expect(noTls.sends).toBe(0);
    } finally {
      await silent.close();
    }
  });

  // The proof that nothing is written before it: had any byte gone out first, the server would count it.
  it('sends nothing at all when the report throws: the connection closes without a single byte', async () => {
    const counter = await byteCounter();
    try {
      const receipt = newReceipt();
      receipt.onSend = () => {
        throw new Error('the journal could not write the sent mark');
      };
      const error = await failureOf(client(counter.url).createInvoice(invoiceRequest, receipt));
      expect(error).toMatchObject({ kind: 'internal', message: 'The request could not be prepared.' });
      expect(counter.connections).toHaveLength(1);
      await counter.connections[0]?.closed;
      expect(counter.connections[0]?.bytes).toBe(0);
    } finally {
      await counter.close();
    }
  });
});
