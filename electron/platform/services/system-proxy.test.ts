import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionTest, ProfileView } from '../../../shared/ipc/profile.ts';
import { startConnectProxy } from '../api/network/testing/connect-proxy.ts';
import type { ConnectProxy } from '../api/network/testing/connect-proxy.ts';
import { createMemorySecretStore } from '../profiles/secret-store.ts';
import { createMainServices } from '../../app/main-services.ts';
import type { MainServices } from '../../app/main-services.ts';

/**
 * The proxy resolver main.ts passes in (Electron's session.resolveProxy) reaches every request of
 * every profile's client: here a real CONNECT proxy that refuses the tunnel, so the profile's
 * connection test names the proxy, and the service's key never left for anywhere else.
 * What the tunnel itself does is proved in api/network/company-network.test.ts.
 */

let dataDir: string;
let services: MainServices;
let proxy: ConnectProxy;
const asked: string[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'mc-proxy-'));
  proxy = await startConnectProxy();
  proxy.behave({ refuse: 403 });
  services = await createMainServices({
    dataDir,
    secretStore: createMemorySecretStore(),
    log: () => {},
    resolveProxy: async (url) => {
      asked.push(url);
      return `PROXY ${proxy.address}; DIRECT`;
    },
  });
});
afterAll(async () => {
  await services.close();
  await proxy.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function value<T>(channel: string, payload: unknown): Promise<T> {
  const answer = await services.router.handle(channel, payload, { via: 'test' });
  if (!answer.ok) throw new Error(`${channel} failed: ${JSON.stringify(answer.error)}`);
  return answer.value as T;
}

describe('the system proxy in the main services', () => {
  it("a profile's requests ask the resolver for their URL and go through the proxy it names", async () => {
    const saved = await value<ProfileView>('profiles.save', {
      name: 'Company shop',
      baseUrl: 'https://app.cryptoprocessing.com/api/v2',
      apiKey: 'company-key-1234',
      secret: 'company-secret',
    });
    const test = await value<ConnectionTest>('profiles.test', { id: saved.id });
    expect(test.ok).toBe(false);
    expect(test.summary).toContain(`the proxy ${proxy.address} refused to open a connection to app.cryptoprocessing.com (HTTP 403)`);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((url) => url.startsWith('https://app.cryptoprocessing.com/api/v2/'))).toBe(true);
    expect(proxy.connects.map((c) => c.target)).toEqual(['app.cryptoprocessing.com:443']);
  });

  it('the local sandbox never asks the resolver: loopback goes direct', async () => {
    asked.length = 0;
    const pairs = await services.router.handle('pairs.list', {}, { via: 'test' });
    expect(pairs.ok).toBe(true);
    expect(asked).toEqual([]);
  });
});
