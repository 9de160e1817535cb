import { describe, expect, it } from 'vitest';
import { failureOf } from '../test-fixtures.ts';
import { DIRECT, chooseRoute, routeFor } from './route.ts';

/** Electron's session.resolveProxy answers in PAC form; these are the forms Chromium produces. */

const service = new URL('https://app.cryptoprocessing.com/api/v2/transactions/info');
const proxy = (host: string, port: number, secure = false) => ({ kind: 'proxy', host, port, secure, address: `${host}:${port}` });

describe('choosing a route from the system\'s PAC answer', () => {
  it('DIRECT, and an empty answer, go straight to the service', () => {
    expect(chooseRoute(service, 'DIRECT')).toEqual(DIRECT);
    expect(chooseRoute(service, '')).toEqual(DIRECT);
  });

  it('PROXY is an HTTP proxy, HTTPS one reached over TLS; the first usable entry wins', () => {
    expect(chooseRoute(service, 'PROXY proxy.corp:3128; DIRECT')).toEqual(proxy('proxy.corp', 3128));
    expect(chooseRoute(service, 'HTTPS secure-proxy.corp:8443')).toEqual(proxy('secure-proxy.corp', 8443, true));
    expect(chooseRoute(service, 'DIRECT; PROXY proxy.corp:3128')).toEqual(DIRECT);
  });

  it('an entry without a port takes Chromium\'s default for its kind', () => {
    expect(chooseRoute(service, 'PROXY proxy.corp')).toEqual(proxy('proxy.corp', 80));
    expect(chooseRoute(service, 'HTTPS proxy.corp')).toEqual(proxy('proxy.corp', 443, true));
  });

  it('an IPv6 proxy keeps its address for messages and loses the brackets for connecting', () => {
    expect(chooseRoute(service, 'PROXY [fd00::1]:3128')).toEqual({ kind: 'proxy', host: 'fd00::1', port: 3128, secure: false, address: '[fd00::1]:3128' });
  });

  it('SOCKS is skipped when the answer offers another way', () => {
    expect(chooseRoute(service, 'SOCKS5 socks.corp:1080; PROXY proxy.corp:3128')).toEqual(proxy('proxy.corp', 3128));
    expect(chooseRoute(service, 'SOCKS5 socks.corp:1080;DIRECT')).toEqual(DIRECT);
  });

  it('only SOCKS is a configuration error that names what the system asked for', async () => {
    const error = await failureOf(Promise.resolve().then(() => chooseRoute(service, 'SOCKS5 socks.corp:1080; SOCKS socks.corp:1081')));
    expect(error).toMatchObject({ kind: 'configuration', message: expect.stringContaining('SOCKS5 socks.corp:1080; SOCKS socks.corp:1081') });
    expect(error.message).toContain('not SOCKS');
  });

  it('an entry that is not host:port is not used', async () => {
    const error = await failureOf(Promise.resolve().then(() => chooseRoute(service, 'PROXY user:pw@proxy.corp:3128')));
    expect(error.kind).toBe('configuration');
  });

  it('loopback never goes through a proxy, whatever the answer', () => {
    for (const local of ['http://127.0.0.1:8787/api/v2', 'https://localhost:8443/api/v2', 'http://[::1]:8787/api/v2']) {
      expect(chooseRoute(new URL(local), 'PROXY proxy.corp:3128')).toEqual(DIRECT);
    }
  });

  it('plain http is never sent through a proxy: DIRECT when offered, else a configuration error', async () => {
    const plain = new URL('http://processing.example/api/v2');
    expect(chooseRoute(plain, 'PROXY proxy.corp:3128; DIRECT')).toEqual(DIRECT);
    const error = await failureOf(Promise.resolve().then(() => chooseRoute(plain, 'PROXY proxy.corp:3128')));
    expect(error).toMatchObject({ kind: 'configuration', message: expect.stringContaining('https://') });
  });
});

describe('asking the system', () => {
  it('loopback does not even ask', async () => {
    const asked: string[] = [];
    const route = await routeFor(new URL('http://127.0.0.1:8787/api/v2/ping'), async (url) => (asked.push(url), 'PROXY proxy.corp:3128'), 1_000);
    expect(route).toEqual(DIRECT);
    expect(asked).toEqual([]);
  });

  it('asks with the full URL of the request', async () => {
    const asked: string[] = [];
    await routeFor(service, async (url) => (asked.push(url), 'DIRECT'), 1_000);
    expect(asked).toEqual([service.href]);
  });

  it('a resolver that fails is a configuration error in plain words', async () => {
    const error = await failureOf(routeFor(service, () => Promise.reject(new Error('net::ERR_FAILED at chrome://internals')), 1_000));
    expect(error).toEqual({ kind: 'configuration', message: 'The proxy settings of this computer could not be read for app.cryptoprocessing.com.' });
  });

  it('a resolver that answers something other than text is a configuration error', async () => {
    const error = await failureOf(routeFor(service, async () => undefined as unknown as string, 1_000));
    expect(error.kind).toBe('configuration');
  });

  it('a resolver that never answers is a timeout after the connect timeout', async () => {
    const error = await failureOf(routeFor(service, () => new Promise<string>(() => undefined), 50));
    expect(error).toMatchObject({ kind: 'timeout', message: expect.stringContaining('proxy auto-configuration script') });
  });
});
