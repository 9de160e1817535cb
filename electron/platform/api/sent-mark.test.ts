import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProcessingClient } from './client.ts';
import { freePort } from '../testing/free-port.ts';
import { startLoopbackServer } from './loopback-server.ts';
import type { LoopbackServer } from './loopback-server.ts';
import { newReceipt } from './transport.ts';
import type { CallReceipt } from './service-call.ts';
import { AppFailure } from '../../../shared/ipc/errors.ts';
import { API_KEY, SECRET, failureOf, invoiceAnswer, invoiceRequest } from './test-fixtures.ts';
import { byteCounter } from './testing/byte-counter.ts';

/**
 * The receipt's onSend: the journal writes its sent mark there, and "a try without the
 * mark never left" is only true if the transport hands no byte over before calling it, calls it
 * whenever it hands bytes over, and sends nothing when it throws. A team journal commits the mark
 * across a network: a promise is awaited, no byte leaves before it resolves, and none
 * at all when it rejects. Real sockets on loopback.
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
    const port = await freePort();
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

  it('awaits a sent mark that is a promise: no byte leaves before it resolves, the request follows once it has', async () => {
    server.answer({ status: 201, body: invoiceAnswer });
    const seenWhileMarking: number[] = [];
    const receipt = newReceipt();
    receipt.onSend = async () => {
      // A team journal's commit, across a network: long enough for an early byte to have arrived.
      await delay(100);
      seenWhileMarking.push(server.requests.length);
    };
    await client(server.baseUrl).createInvoice(invoiceRequest, receipt);
    expect(seenWhileMarking).toEqual([0]);
    expect(server.requests).toHaveLength(1);
  });

  it("sends nothing at all when the sent mark rejects after a delay, and the failure is the journal's own", async () => {
    const counter = await byteCounter();
    try {
      const receipt = newReceipt();
      const unreachable = new AppFailure({ kind: 'journal_unavailable', message: 'The team journal at db.example:5432/journal cannot be reached (ECONNRESET).' });
      receipt.onSend = async () => {
        await delay(100);
        throw unreachable;
      };
      const error = await failureOf(client(counter.url).createInvoice(invoiceRequest, receipt));
      expect(error).toEqual(unreachable.error);
      expect(counter.connections).toHaveLength(1);
      await counter.connections[0]?.closed;
      expect(counter.connections[0]?.bytes).toBe(0);
    } finally {
      await counter.close();
    }
  });
});
