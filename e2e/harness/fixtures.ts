import { test as base, expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { MainServices } from '../../electron/core/services/index.ts';
import type { IpcControl } from '../standin/ipc-main.ts';
import { launchApp } from './app.ts';
import type { RunningApp } from './app.ts';
import { uniqueKeychainService } from './keychain.ts';

/**
 * Each test runs the built app under the Electron stand-in (e2e/standin, docs/electron-standin.md):
 * out/main/main.js in this worker, its window a page of the worker's Chromium, fresh data folder
 * and keychain service. Specs get
 * - `page`: the app window's page, loaded, 1280x800;
 * - `services`: main's own services (its router, journal, sandbox handle);
 * - `bridge`: the stand-in's IPC pipe seen from the test: `calls` and `failNext(channel, error)`;
 * - `electronApp`: the running app (the stand-in's records: dialogs, opened URLs, permissions).
 * `mainEnv` adds to main's environment (scenarios/faults.ts). Each test ends with app.quit().
 */

type TestFixtures = { mainEnv: Record<string, string>; electronApp: RunningApp; services: MainServices; bridge: IpcControl; page: Page };

export const test = base.extend<TestFixtures>({
  mainEnv: [{}, { option: true }],

  electronApp: async ({ browser, mainEnv }, use, testInfo) => {
    const app = await launchApp({ browser, env: mainEnv, keychainService: uniqueKeychainService(String(testInfo.workerIndex)) });
    try {
      await use(app);
    } finally {
      await app.close();
    }
  },

  services: async ({ electronApp }, use) => {
    await use(electronApp.services);
  },

  bridge: async ({ electronApp }, use) => {
    await use(electronApp.standin.ipcMain.control);
  },

  page: async ({ electronApp }, use) => {
    const { page } = electronApp;
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByTestId('active-profile')).toBeVisible();
    await use(page);
    // A console error (CSP violations land there), an uncaught exception, a request leaving the
    // app's origin, or anything the stand-in saw go wrong (an unanswered dialog) fails the test.
    expect(electronApp.problems(), 'the page or the Electron stand-in reported problems').toEqual([]);
  },
});

export { expect };
