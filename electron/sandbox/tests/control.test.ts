import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../index.ts';
import { startSandbox } from '../index.ts';
import { MAX_BODY_BYTES } from '../http/replies.ts';
import { MERCHANT_A, rawRequest } from './helpers.ts';

/**
 * The sandbox's control surface against a web page in the user's browser (docs/security.md,
 * "The sandbox's control surface"): the
 * in-app sandbox serves no control endpoint at all; the standalone one answers only to its own
 * Host, takes only JSON, and cuts off a body over the limit.
 */

const open: SandboxHandle[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sb) => sb.close()));
});
const started = async (control: boolean) => {
  const sb = await startSandbox({ merchants: [MERCHANT_A], seed: 1, control });
  open.push(sb);
  return sb;
};

const json = (body: unknown) => {
  const text = JSON.stringify(body);
  return { text, headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) } };
};

/** What a cross-site page can send without a CORS preflight: a "simple" POST. */
const simplePost = (sb: SandboxHandle, path: string, body: unknown, contentType: string) =>
  rawRequest(`${sb.origin}${path}`, 'POST', JSON.stringify(body), { 'content-type': contentType });

/**
 * One raw HTTP exchange over TCP, so that the request can claim any Host and send any amount.
 * With `again`, the sender writes it over and over and keeps writing after the server's FIN
 * (half-open): the exchange then ends only when the server drops the connection.
 */
function rawHttp(port: number, head: string, body: Buffer | null, again: Buffer | null = null): Promise<{ response: string; closed: boolean; sent: number }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: again !== null });
    let response = '';
    socket.on('data', (chunk: Buffer) => (response += chunk.toString('latin1')));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // Writing into a connection the server has dropped: expected once it has answered.
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    socket.on('close', () => resolve({ response, closed: true, sent: socket.bytesWritten }));
    socket.write(head);
    if (body) socket.write(body);
    const pump = (): void => {
      if (again === null || socket.destroyed) return;
      if (socket.write(again)) setImmediate(pump);
      else socket.once('drain', pump);
    };
    pump();
  });
}

describe('the in-app sandbox (control off, the default)', () => {
  it('serves no control endpoint: no state, no secret, no new merchant, no fault over HTTP', async () => {
    const sb = await started(false);
    const state = await rawRequest(`${sb.origin}/sandbox/state`, 'GET', undefined, {});
    expect(state.status).toBe(403);
    expect(state.text).not.toContain(MERCHANT_A.key);
    const merchant = json({ key: 'attacker', secret: 'chosen' });
    expect((await rawRequest(`${sb.origin}/sandbox/merchants`, 'POST', merchant.text, merchant.headers)).status).toBe(403);
    const fault = json({ path: '*', fault: 'reset' });
    expect((await rawRequest(`${sb.origin}/sandbox/faults`, 'POST', fault.text, fault.headers)).status).toBe(403);
    expect(sb.merchants.map((m) => m.key)).toEqual([MERCHANT_A.key]);
    expect((await rawRequest(`${sb.baseUrl}/ping`, 'GET', undefined, {})).text).toBe('OK');
    // The index page does not point at a state page that is not there.
    expect((await rawRequest(`${sb.origin}/`, 'GET', undefined, {})).text).not.toContain('/sandbox/state');
  });

  it('is still driven through its handle', async () => {
    const sb = await started(false);
    sb.addMerchant({ key: 'k2', secret: 's2' });
    sb.setFault('ping', { kind: 'html-502' });
    expect((await rawRequest(`${sb.baseUrl}/ping`, 'GET', undefined, {})).status).toBe(502);
    expect(sb.state().merchants.map((m) => m.key)).toEqual([MERCHANT_A.key, 'k2']);
  });
});

describe('the standalone sandbox (control on)', () => {
  it('answers only to its own Host: a rebound name gets 421 and no state', async () => {
    for (const control of [true, false]) {
      const sb = await started(control);
      for (const host of ['evil.example', `evil.example:${sb.port}`, `127.0.0.1:${sb.port + 1}`, '127.0.0.1']) {
        const { response, closed } = await rawHttp(sb.port, `GET /sandbox/state HTTP/1.1\r\nHost: ${host}\r\n\r\n`, null);
        expect(response).toMatch(/^HTTP\/1\.1 421 /);
        expect(response).toContain('bad_host');
        expect(response).not.toContain(MERCHANT_A.key);
        expect(closed).toBe(true);
      }
      // The API and the payment pages too: the check comes before any routing.
      const api = await rawHttp(sb.port, `GET /api/v2/ping HTTP/1.1\r\nHost: evil.example:${sb.port}\r\n\r\n`, null);
      expect(api.response).toMatch(/^HTTP\/1\.1 421 /);
    }
  });

  it('serves 127.0.0.1, localhost and [::1] with its port', async () => {
    const sb = await started(true);
    for (const host of [`127.0.0.1:${sb.port}`, `localhost:${sb.port}`, `LOCALHOST:${sb.port}`, `[::1]:${sb.port}`]) {
      const { response } = await rawHttp(sb.port, `GET /sandbox/state HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`, null);
      expect(response).toMatch(/^HTTP\/1\.1 200 /);
      expect(response).toContain(MERCHANT_A.key);
    }
  });

  it('refuses a change that is not JSON, as a cross-site page would send it (text/plain, form)', async () => {
    const sb = await started(true);
    for (const type of ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const merchant = await simplePost(sb, '/sandbox/merchants', { key: 'attacker', secret: 'chosen' }, type);
      expect(merchant.status).toBe(415);
      expect(merchant.json).toEqual({ error: 'Control endpoints take only application/json', code: 'bad_content_format' });
      expect((await simplePost(sb, '/sandbox/faults', { path: '*', fault: 'reset' }, type)).status).toBe(415);
    }
    expect(sb.merchants.map((m) => m.key)).toEqual([MERCHANT_A.key]);
    expect((await rawRequest(`${sb.baseUrl}/ping`, 'GET', undefined, {})).text).toBe('OK');
    // The same change as JSON (which a page could send only after a preflight the sandbox never grants).
    const merchant = json({ key: 'k2', secret: 's2' });
    expect((await rawRequest(`${sb.origin}/sandbox/merchants`, 'POST', merchant.text, merchant.headers)).status).toBe(201);
  });

  it('cuts off a body that announces more than the limit: 413 at once, nothing read, connection closed', async () => {
    const sb = await started(true);
    const head = `POST /sandbox/merchants HTTP/1.1\r\nHost: 127.0.0.1:${sb.port}\r\nContent-Type: application/json\r\nContent-Length: ${100 * MAX_BODY_BYTES}\r\n\r\n`;
    const { response, closed } = await rawHttp(sb.port, head, null);
    expect(response).toMatch(/^HTTP\/1\.1 413 /);
    expect(response).toMatch(/connection: close/i);
    expect(closed).toBe(true);
  });

  it('cuts off a body that never ends: 413 once past the limit, and the connection is closed under the sender', async () => {
    const sb = await started(true);
    const head = `POST /sandbox/faults HTTP/1.1\r\nHost: 127.0.0.1:${sb.port}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`;
    // Chunked and never finished (no last chunk): the only way this ends is the server closing the connection.
    const framed = (size: number) => Buffer.concat([Buffer.from(`${size.toString(16)}\r\n`), Buffer.alloc(size, 0x20), Buffer.from('\r\n')]);
    const { response, closed, sent } = await rawHttp(sb.port, head, framed(MAX_BODY_BYTES + 1), framed(64 * 1024));
    expect(response).toMatch(/^HTTP\/1\.1 413 /);
    expect(closed).toBe(true);
    // Reading stopped: the sender got no further than the limit plus what the two sockets' buffers
    // hold. A server that drained the body would have taken gigabytes over loopback by now.
    expect(sent).toBeLessThan(32 * MAX_BODY_BYTES);
    expect((await rawRequest(`${sb.baseUrl}/ping`, 'GET', undefined, {})).text).toBe('OK');
  });
});
