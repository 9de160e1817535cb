import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openOutcomeStore } from '../../platform/outcomes/index.ts';
import { pullOutcomes, ReceiverReadError } from './receiver-feed.ts';

/**
 * A receiver is the merchant's own server, but what it answers is read as input from elsewhere:
 * each of these answers is refused whole, with a plain reason, and nothing of it is kept.
 */

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

async function fakeReceiver(answer: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer(answer);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const event = (cursor: string, status = 'pending') => ({ cursor, received_at: '2026-11-27T00:00:00Z', type: 'invoice', id: '826901', status, callback: { id: 826901, status, amount: 0.10000000 } });
const access = (url: string) => ({ url, key: 'k', secret: 's' });

describe('reading a receiver', () => {
  it('keeps each event once, by cursor, with its numbers digit for digit, and follows `more` to the end', async () => {
    const pages: Record<string, unknown> = {
      '0': { events: [event('1'), event('2', 'processing')], next: '2', more: true },
      '2': { events: [event('3', 'confirmed')], next: '3', more: false },
      '3': { events: [], next: '3', more: false },
    };
    const asked: string[] = [];
    const url = await fakeReceiver((req, res) => {
      const after = new URL(req.url ?? '/', 'http://x').searchParams.get('after') ?? '';
      asked.push(after);
      expect(req.headers['x-processing-key']).toBe('k');
      expect(req.headers['x-processing-signature']).toMatch(/^[0-9a-f]{128}$/);
      res.end(JSON.stringify(pages[after]).replace('"amount":0.1', '"amount":0.10000000'));
    });
    const store = openOutcomeStore(':memory:');
    expect(await pullOutcomes(store, 'p', access(url))).toBe(3);
    expect(await pullOutcomes(store, 'p', access(url))).toBe(0);
    expect(asked).toEqual(['0', '2', '3']);
    const events = store.eventsOf('p', [{ type: 'invoice', id: '826901' }]);
    expect(events.map((e) => e.status)).toEqual(['pending', 'processing', 'confirmed']);
    expect(events[0]?.body).toContain('"amount":0.10000000');
    // Another profile's reads are its own.
    expect(store.cursorOf('other')).toBe('0');
  });

  it.each([
    ['an error status', (res: ServerResponse) => void ((res.statusCode = 403), res.end('{"error":"Bad signature"}')), /answered 403/],
    ['text that is not JSON', (res: ServerResponse) => void res.end('<html>proxy error</html>'), /not JSON/],
    ['events of the wrong shape', (res: ServerResponse) => void res.end(JSON.stringify({ events: [{ cursor: 'x' }], next: '1', more: false })), /cannot read/],
    ['an answer larger than the bound', (res: ServerResponse) => void res.end(' '.repeat(9 * 1024 * 1024)), /more than/],
  ])('refuses %s with a plain reason and keeps nothing', async (_name, answer, reason) => {
    const url = await fakeReceiver((_req, res) => answer(res));
    const store = openOutcomeStore(':memory:');
    const read = pullOutcomes(store, 'p', access(url));
    await expect(read).rejects.toBeInstanceOf(ReceiverReadError);
    await expect(read).rejects.toThrow(reason);
    expect(store.cursorOf('p')).toBe('0');
  });

  it('stops when a receiver says there is more but does not move its cursor forward', async () => {
    let asks = 0;
    const url = await fakeReceiver((_req, res) => {
      asks += 1;
      res.end(JSON.stringify({ events: [], next: '0', more: true }));
    });
    const store = openOutcomeStore(':memory:');
    expect(await pullOutcomes(store, 'p', access(url))).toBe(0);
    expect(asks).toBe(1);
  });

  it('says a receiver that does not answer did not answer', async () => {
    const url = await fakeReceiver(() => undefined);
    servers[0]?.close();
    servers[0]?.closeAllConnections();
    await expect(pullOutcomes(openOutcomeStore(':memory:'), 'p', access(url))).rejects.toThrow(/did not answer/);
  });
});
