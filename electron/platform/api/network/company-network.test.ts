import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../../testing/free-port.ts';
import { startLoopbackServer } from '../loopback-server.ts';
import type { LoopbackServer } from '../loopback-server.ts';
import { API_KEY, SECRET, invoiceAnswer, opensslHmac, transactionAnswer } from '../test-fixtures.ts';
import { startConnectProxy } from './testing/connect-proxy.ts';
import type { ConnectProxy } from './testing/connect-proxy.ts';
import { SERVICE_HOST, makeTestCertificates } from './testing/test-ca.ts';
import type { TestCertificates } from './testing/test-ca.ts';

/**
 * A company network (README, "Networks at work"), for real, on loopback. A private root CA made for this
 * run signs the service's certificate; the service is an https server reached by the name
 * processing.test, which only the proxy can "resolve" (to 127.0.0.1), like a host outside the
 * company network; the proxy is a real HTTP CONNECT proxy that records what it carried.
 *
 * The client runs in a child process (testing/client-child.ts) whose "system" trust store is
 * what SSL_CERT_FILE / SSL_CERT_DIR say: the private root alone, or, for the untrusting child,
 * this machine's own store, which does not hold it. Its proxy comes from HTTPS_PROXY (the plain
 * Node fallback) or from a PAC answer, as Electron's session.resolveProxy gives one.
 */

type Result = { ok: true; value: unknown } | { ok: false; error: { kind: string; message: string; foreignId?: string } };
type Command = { baseUrl: string; call: 'lookup' | 'invoice'; pac?: string; connectTimeoutMs?: number; responseTimeoutMs?: number };

interface ClientChild {
  run(command: Command): Promise<Result>;
  close(): void;
}

const CHILD = resolve(import.meta.dirname, 'testing/client-child.ts');
const PROXY_VARIABLES = ['http_proxy', 'HTTP_PROXY', 'https_proxy', 'HTTPS_PROXY', 'all_proxy', 'ALL_PROXY', 'no_proxy', 'NO_PROXY', 'SSL_CERT_FILE', 'SSL_CERT_DIR'];

/** `packaged`: the child first does what a packaged build's main does to its environment (electron/main.ts). */
function startClientChild(env: Record<string, string>, { packaged = false } = {}): ClientChild {
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !PROXY_VARIABLES.includes(name)));
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [CHILD, ...(packaged ? ['--packaged'] : [])], { env: { ...base, ...env }, stdio: 'pipe' });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const waiting = new Map<number, (result: Result) => void>();
  createInterface({ input: child.stdout }).on('line', (line) => {
    const { id, ...result } = JSON.parse(line) as Result & { id: number };
    waiting.get(id)?.(result);
    waiting.delete(id);
  });
  child.on('exit', (code) => {
    for (const settle of waiting.values()) settle({ ok: false, error: { kind: 'crash', message: `the child exited (${code}): ${errors}` } });
  });
  let next = 0;
  return {
    run: (command) =>
      new Promise<Result>((settle) => {
        next += 1;
        waiting.set(next, settle);
        child.stdin.write(`${JSON.stringify({ id: next, ...command })}\n`);
      }),
    close: () => void child.kill(),
  };
}

let dir: string;
let certificates: TestCertificates;
let proxy: ConnectProxy;
/** Trusts the private root through its "system" store, and goes through the proxy by HTTPS_PROXY. */
let trusting: ClientChild;
/** This machine's own system store, without the private root; the same proxy. */
let untrusting: ClientChild;
/** A packaged build's client, started with the same SSL_CERT_FILE / SSL_CERT_DIR as `trusting`. */
let packaged: ClientChild;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mc-network-'));
  certificates = makeTestCertificates(dir);
  proxy = await startConnectProxy();
  const proxyEnv = { HTTPS_PROXY: `http://${proxy.address}` };
  trusting = startClientChild({ ...proxyEnv, SSL_CERT_FILE: certificates.caFile, SSL_CERT_DIR: certificates.emptyDir });
  untrusting = startClientChild(proxyEnv);
  packaged = startClientChild({ ...proxyEnv, SSL_CERT_FILE: certificates.caFile, SSL_CERT_DIR: certificates.emptyDir }, { packaged: true });
});
afterAll(async () => {
  trusting.close();
  untrusting.close();
  packaged.close();
  await proxy.close();
  rmSync(dir, { recursive: true, force: true });
});

let service: LoopbackServer;
beforeEach(async () => {
  service = await startLoopbackServer({ tls: certificates, host: SERVICE_HOST });
  service.answer((request) => ({ status: 200, body: request.path.endsWith('invoices/create') ? invoiceAnswer : transactionAnswer }));
  proxy.behave({ tunnel: true });
  proxy.connects.length = 0;
});
afterEach(() => service.close());

const serviceAuthority = () => new URL(service.baseUrl).host;
const lookup = (child = trusting, extra: Partial<Command> = {}) => child.run({ baseUrl: service.baseUrl, call: 'lookup', ...extra });
const createInvoice = (extra: Partial<Command> = {}) => trusting.run({ baseUrl: service.baseUrl, call: 'invoice', ...extra });

describe('through the system proxy, trusting the OS store', () => {
  it('a lookup goes through the proxy as a CONNECT to the service and succeeds when the root is in the system store', async () => {
    expect(await lookup()).toEqual({ ok: true, value: 42 });
    expect(proxy.connects.map((c) => c.target)).toEqual([serviceAuthority()]);
    expect(service.requests.map((r) => r.path)).toEqual(['/api/v2/transactions/info']);
  });

  it('the same lookup from a process whose system store lacks the root fails as a clear TLS error, and nothing reaches the service', async () => {
    const result = await lookup(untrusting);
    expect(result).toMatchObject({ ok: false, error: { kind: 'network' } });
    expect(!result.ok && result.error.message).toMatch(/does not trust .*system's certificate store/);
    expect(!result.ok && result.error.message).toContain(`through the proxy ${proxy.address}`);
    expect(proxy.connects).toHaveLength(1);
    expect(service.requests).toHaveLength(0);
  });

  it('the proxy sees only the host and port: never the key, the signature, the path or the body', async () => {
    expect(await lookup()).toMatchObject({ ok: true });
    expect(await createInvoice()).toMatchObject({ ok: true });
    const carried = proxy.carried();
    const signatures = service.requests.map((r) => String(r.headers['x-processing-signature']));
    for (const secret of [API_KEY, SECRET, ...signatures, 'transactions/info', 'invoices/create', 'inv-1001', 'Lovelace', '12345678.12345678']) {
      expect(carried.includes(secret)).toBe(false);
    }
    expect(proxy.plainRequests).toEqual([]);
    for (const connect of proxy.connects) {
      expect(connect).toEqual({ target: serviceAuthority(), headers: { host: serviceAuthority(), connection: 'keep-alive' } });
    }
  });

  it('a GET with a body arrives with exactly the bytes that were signed', async () => {
    expect(await lookup()).toMatchObject({ ok: true });
    const [request] = service.requests;
    expect(request?.method).toBe('GET');
    expect(request?.body.toString('utf8')).toBe('{"id":42}');
    expect(request?.headers['content-length']).toBe(String(request?.body.length));
    expect(request?.headers['x-processing-signature']).toBe(opensslHmac(request?.body ?? Buffer.alloc(0), SECRET));
  });

  it('lookups share one kept-alive tunnel; an invoice creation opens a tunnel of its own', async () => {
    await lookup();
    await lookup();
    expect(proxy.connects).toHaveLength(1);
    await createInvoice();
    expect(proxy.connects).toHaveLength(2);
    expect(service.requests.map((r) => r.headers.connection)).toEqual(['keep-alive', 'keep-alive', 'close']);
  });

  it('a kept-alive tunnel that breaks before any byte of the answer: the lookup is sent once more, on a fresh tunnel', async () => {
    await lookup();
    service.answer(() => {
      if (service.requests.length !== 2) return { status: 200, body: transactionAnswer };
      proxy.dropTunnels();
      return { hang: true };
    });
    expect(await lookup()).toEqual({ ok: true, value: 42 });
    expect(proxy.connects).toHaveLength(2);
    expect(service.requests.map((r) => r.headers.connection)).toEqual(['keep-alive', 'keep-alive', 'close']);
  });

  it('an HTTPS proxy (PAC "HTTPS host:port") is reached over TLS, trusted by the same store', async () => {
    const secureProxy = await startConnectProxy({ tls: certificates });
    try {
      expect(await lookup(trusting, { pac: `HTTPS ${secureProxy.address}` })).toEqual({ ok: true, value: 42 });
      expect(secureProxy.connects.map((c) => c.target)).toEqual([serviceAuthority()]);
      expect(proxy.connects).toHaveLength(0);
    } finally {
      await secureProxy.close();
    }
  });
});

describe('a proxy that fails', () => {
  for (const [status, words] of [
    [403, `refused to open a connection to ${SERVICE_HOST}`],
    [407, 'asks for a sign-in (HTTP 407)'],
    [502, 'refused to open a connection'],
  ] as const) {
    it(`a CONNECT answered ${status} is a clear network failure, and an invoice creation is not outcome_unknown`, async () => {
      proxy.behave({ refuse: status });
      const result = await createInvoice();
      expect(result).toMatchObject({ ok: false, error: { kind: 'network' } });
      expect(!result.ok && result.error.message).toContain(words);
      expect(!result.ok && result.error.message).toContain(`the proxy ${proxy.address}`);
      expect(service.requests).toHaveLength(0);
    });
  }

  it('a proxy that cannot be reached is named as such', async () => {
    const port = await freePort();
    const result = await lookup(trusting, { pac: `PROXY 127.0.0.1:${port}` });
    expect(result).toMatchObject({ ok: false, error: { kind: 'network', message: expect.stringContaining(`the proxy 127.0.0.1:${port} set in this computer's network settings could not be reached: the connection was refused`) } });
  });

  it('a proxy that never answers CONNECT is a connect timeout, not an unknown outcome', async () => {
    proxy.behave({ silent: true });
    const result = await createInvoice({ connectTimeoutMs: 500 });
    expect(result).toMatchObject({ ok: false, error: { kind: 'timeout', message: expect.stringContaining('did not accept a connection') } });
    expect(service.requests).toHaveLength(0);
  });

  it('a proxy that drops the tunnel after the request was written makes an invoice creation outcome_unknown', async () => {
    service.answer(() => {
      proxy.dropTunnels();
      return { hang: true };
    });
    const result = await createInvoice();
    expect(result).toMatchObject({ ok: false, error: { kind: 'outcome_unknown', foreignId: 'inv-1001' } });
    expect(service.requests).toHaveLength(1);
  });

  it('a proxy answer that offers only SOCKS is a configuration error, and nothing is sent', async () => {
    const result = await createInvoice({ pac: 'SOCKS5 127.0.0.1:1080' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'configuration', message: expect.stringContaining('not SOCKS') } });
    expect(proxy.connects).toHaveLength(0);
    expect(service.requests).toHaveLength(0);
  });
});

describe('what does not go through the proxy', () => {
  it('loopback goes direct even with HTTPS_PROXY set, and is still verified against the system store', async () => {
    const local = service.baseUrl.replace(SERVICE_HOST, 'localhost');
    expect(await lookup(trusting, { baseUrl: local })).toEqual({ ok: true, value: 42 });
    expect(await lookup(untrusting, { baseUrl: local })).toMatchObject({ ok: false, error: { kind: 'network', message: expect.stringContaining('does not trust') } });
    expect(proxy.connects).toHaveLength(0);
    expect(service.requests).toHaveLength(1);
  });

  it('a PAC answer of DIRECT goes straight to the host (here a name only the proxy could resolve)', async () => {
    const result = await lookup(trusting, { pac: 'DIRECT' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'network', message: expect.stringMatching(/host name could not be (found|looked up)/) } });
    expect(proxy.connects).toHaveLength(0);
  });
});

describe('a packaged build whose environment names a certificate store', () => {
  it('does not trust the CA that SSL_CERT_FILE names: its key never reaches a host with a certificate from it', async () => {
    const local = service.baseUrl.replace(SERVICE_HOST, 'localhost');
    // The same variables, unpackaged, do make the CA trusted (as for `trusting` above)...
    expect(await lookup(trusting, { baseUrl: local })).toEqual({ ok: true, value: 42 });
    expect(service.requests).toHaveLength(1);
    // ...and a packaged build's main takes them out of its environment before any TLS context is made.
    for (const [extra, requests] of [[{ baseUrl: local }, 1], [{}, 1]] as const) {
      const result = await lookup(packaged, extra);
      expect(result).toMatchObject({ ok: false, error: { kind: 'network', message: expect.stringContaining('does not trust') } });
      expect(service.requests).toHaveLength(requests);
    }
  });
});
