import { test as base, expect } from '@playwright/test';
import type { Page, TestInfo } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMainServices } from '../../electron/core/services/index.ts';
import type { MainServices, MainServicesOptions } from '../../electron/core/services/index.ts';
import { installBridge } from './bridge.ts';
import type { BridgeControl } from './bridge.ts';
import { RENDERER_OUT } from './build.ts';
import { clearKeychainService, uniqueKeychainService } from './keychain.ts';
import { startStaticServer } from './server.ts';
import type { StaticServer } from './server.ts';
import { watchPage } from './watch.ts';

/**
 * Each spec gets `page` (the built renderer, loaded at 1280x800 and bridged to the real router),
 * `services` (the real main-process services in this process, with a fresh data folder and its own
 * keychain service) and `bridge` (a seam to make one call fail). global-setup.ts builds the renderer.
 */

type TestFixtures = { services: MainServices; bridge: BridgeControl; page: Page };
type WorkerFixtures = { server: StaticServer };

const controls = new WeakMap<Page, BridgeControl>();

/**
 * The `services` fixture: a fresh data folder and keychain service, cleared afterwards. A spec that
 * needs other main-process options overrides `services` with its own (scenarios/faults.ts).
 */
export function servicesFixture(options: Partial<MainServicesOptions> = {}) {
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  return async ({}, use: (services: MainServices) => Promise<void>, testInfo: TestInfo): Promise<void> => {
    const dataDir = await mkdtemp(join(tmpdir(), 'merchant-console-e2e-'));
    const keychainService = uniqueKeychainService(String(testInfo.workerIndex));
    const services = await createMainServices({ dataDir, keychainService, version: 'e2e', ...options });
    try {
      await use(services);
    } finally {
      await services.close();
      await clearKeychainService(keychainService);
      await rm(dataDir, { recursive: true, force: true });
    }
  };
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const server = await startStaticServer(RENDERER_OUT);
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],

  services: servicesFixture(),

  page: async ({ page, services, server }, use) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const problems = watchPage(page, server.url);
    // Installed before the first navigation, so the preload surface exists before any script runs.
    controls.set(page, await installBridge(page, services.router));
    await page.goto(server.url);
    await expect(page.getByTestId('active-profile')).toBeVisible();
    await use(page);
    // A CSP violation, an uncaught exception or a request leaving the page's origin fails the test.
    expect(problems(), 'the page reported problems').toEqual([]);
  },

  bridge: async ({ page }, use) => {
    const control = controls.get(page);
    if (!control) throw new Error('The bridge is installed by the page fixture');
    await use(control);
  },
});

export { expect };
