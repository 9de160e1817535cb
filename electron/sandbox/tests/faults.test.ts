import { connect } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sign } from './helpers.ts';
import type { SandboxHandle } from '../index.ts';
import { control, invoiceBody, post, rawRequest, startTestSandbox } from './helpers.ts';

let sb: SandboxHandle;
beforeEach(async () => {
  ({ sb } = await startTestSandbox());
});
afterEach(() => sb.close());

const invoicesFor = (foreignId: string) => sb.state().invoices.filter((i) => i.foreign_id === foreignId);
const createInvoice = (foreignId: string, timeoutMs?: number) =>
  post(sb, 'invoices/create', invoiceBody({ foreign_id: foreignId }), timeoutMs === undefined ? {} : { timeoutMs });

describe('fault injection, before processing (nothing happens at the service)', () => {
  it('no-response: the client gives up, and no invoice exists', async () => {
    sb.setFault('invoices/create', { kind: 'no-response' });
    await expect(createInvoice('f-1', 300)).rejects.toThrow(/timeout/);
    expect(invoicesFor('f-1')).toHaveLength(0);
  });

  it('reset: part of an answer, then the connection is destroyed', async () => {
    sb.setFault('/api/v2/invoices/create', { kind: 'reset' });
    await expect(createInvoice('f-2')).rejects.toThrow();
    expect(invoicesFor('f-2')).toHaveLength(0);
  });

  it('status-500 and html-502 answer without processing', async () => {
    sb.setFault('invoices/create', { kind: 'status-500' });
    const res500 = await createInvoice('f-3');
    expect(res500.status).toBe(500);
    expect(res500.json).toEqual({ message: 'Server Error' });
    sb.setFault('invoices/create', { kind: 'html-502' });
    const res502 = await createInvoice('f-3');
    expect(res502.status).toBe(502);
    expect(res502.headers['content-type']).toMatch(/^text\/html/);
    expect(res502.text).toContain('502 Bad Gateway');
    expect(res502.json).toBeUndefined();
    expect(invoicesFor('f-3')).toHaveLength(0);
  });

  it('malformed-json answers 200 with a JSON body cut short', async () => {
    sb.setFault('invoices/create', { kind: 'malformed-json' });
    const res = await createInvoice('f-4');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.json).toBeUndefined();
    expect(invoicesFor('f-4')).toHaveLength(0);
  });

  it('latency delays the answer: a client with a shorter timeout gives up, a patient one gets it', async () => {
    sb.setFault('currencies/pairs', { kind: 'latency', ms: 5_000, once: true });
    await expect(post(sb, 'currencies/pairs', {}, { timeoutMs: 200 })).rejects.toThrow(/timeout/);
    sb.setFault('currencies/pairs', { kind: 'latency', ms: 50 });
    expect((await post(sb, 'currencies/pairs', {})).status).toBe(200);
  });
});

describe('fault injection, after processing (the answer is lost, the operation took place)', () => {
  it('reset after: the invoice exists, and a retry with the same foreign_id is refused as a duplicate', async () => {
    sb.setFault('invoices/create', { kind: 'reset', after: true, once: true });
    await expect(createInvoice('lost-1')).rejects.toThrow();
    expect(invoicesFor('lost-1')).toHaveLength(1);
    const retry = await createInvoice('lost-1');
    expect(retry.status).toBe(400);
    expect(retry.json).toEqual({ errors: { foreign_id: 'The foreign id has already been taken.' } });
    expect(invoicesFor('lost-1')).toHaveLength(1);
  });

  it('reset after writes the status line, headers and part of the body before closing', async () => {
    sb.setFault('invoices/create', { kind: 'reset', after: true });
    const body = JSON.stringify(invoiceBody({ foreign_id: 'raw-1' }));
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(sb.port, '127.0.0.1', () => {
        socket.write(
          `POST /api/v2/invoices/create HTTP/1.1\r\nHost: 127.0.0.1:${sb.port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
            `X-Processing-Key: key-merchant-a\r\nX-Processing-Signature: ${sign('secret-merchant-a', body)}\r\n\r\n${body}`,
        );
      });
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('utf8')));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw.startsWith('HTTP/1.1 201')).toBe(true);
    const [head = '', partial = ''] = raw.split('\r\n\r\n');
    const length = Number(/content-length: (\d+)/i.exec(head)?.[1]);
    expect(partial.length).toBeGreaterThan(0);
    expect(partial.length).toBeLessThan(length);
    expect(invoicesFor('raw-1')).toHaveLength(1);
  });

  it('no-response after: the client gives up, yet the invoice exists', async () => {
    sb.setFault('invoices/create', { kind: 'no-response', after: true });
    await expect(createInvoice('lost-2', 300)).rejects.toThrow(/timeout/);
    expect(invoicesFor('lost-2')).toHaveLength(1);
  });

  it('status-500, html-502 and malformed-json after: the operation happened', async () => {
    sb.setFault('invoices/create', { kind: 'status-500', after: true, once: true });
    expect((await createInvoice('lost-3')).status).toBe(500);
    sb.setFault('invoices/create', { kind: 'html-502', after: true, once: true });
    expect((await createInvoice('lost-4')).status).toBe(502);
    sb.setFault('invoices/create', { kind: 'malformed-json', after: true, once: true });
    const cut = await createInvoice('lost-5');
    expect(cut.status).toBe(201);
    expect(cut.text.startsWith('{"data":{"id":')).toBe(true);
    expect(cut.json).toBeUndefined();
    for (const id of ['lost-3', 'lost-4', 'lost-5']) expect(invoicesFor(id)).toHaveLength(1);
  });

  it('latency after: the answer is late but whole', async () => {
    sb.setFault('invoices/create', { kind: 'latency', ms: 20, after: true });
    expect((await createInvoice('late-1')).status).toBe(201);
  });
});

describe('fault table', () => {
  it('once strikes one request only; null and clearFaults remove faults; * matches every endpoint', async () => {
    sb.setFault('ping', { kind: 'status-500', once: true });
    expect((await rawRequest(`${sb.baseUrl}/ping`, 'GET', undefined, {})).status).toBe(500);
    expect((await rawRequest(`${sb.baseUrl}/ping`, 'GET', undefined, {})).status).toBe(200);
    sb.setFault('ping', { kind: 'html-502' });
    sb.setFault('ping', null);
    expect((await rawRequest(`${sb.baseUrl}/ping`, 'GET', undefined, {})).status).toBe(200);
    sb.setFault('*', { kind: 'html-502' });
    expect((await post(sb, 'currencies/pairs', {})).status).toBe(502);
    sb.clearFaults();
    expect((await post(sb, 'currencies/pairs', {})).status).toBe(200);
    expect(() => sb.setFault('ping', { kind: 'explode' } as never)).toThrow(TypeError);
  });

  it('is controlled through POST/GET/DELETE /sandbox/faults, and control endpoints are never faulted', async () => {
    const set = await control(sb, 'POST', '/sandbox/faults', { path: '/api/v2/invoices/create', fault: 'reset', after: true, once: true });
    expect(set.status).toBe(200);
    expect(set.json.faults).toEqual([{ path: '/api/v2/invoices/create', kind: 'reset', after: true, once: true }]);
    sb.setFault('*', { kind: 'status-500' });
    expect((await control(sb, 'GET', '/sandbox/faults')).status).toBe(200);
    expect((await control(sb, 'POST', '/sandbox/faults', { path: '*', fault: null })).json.faults).toHaveLength(1);
    await expect(createInvoice('ctl-1')).rejects.toThrow();
    expect(invoicesFor('ctl-1')).toHaveLength(1);
    const bad = await control(sb, 'POST', '/sandbox/faults', { path: 'ping', fault: 'explode' });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.fault).toMatch(/latency, no-response, reset, status-500, html-502, malformed-json/);
    expect((await control(sb, 'POST', '/sandbox/faults', { fault: 'reset' })).status).toBe(400);
    await control(sb, 'POST', '/sandbox/faults', { path: 'ping', fault: 'html-502' });
    expect((await control(sb, 'DELETE', '/sandbox/faults')).json.faults).toEqual([]);
    expect((await rawRequest(`${sb.baseUrl}/ping`, 'GET', undefined, {})).status).toBe(200);
  });
});
