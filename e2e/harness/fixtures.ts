import { test as base, expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { MainServices } from '../../electron/app/index.ts';
import type { IpcControl } from '../standin/ipc-main.ts';
import { launchApp } from './app.ts';
import type { RunningApp } from './app.ts';
import { uniqueKeychainService } from './keychain.ts';
import { DESKTOPS, ENGLISH_DESKTOP_ENV, useWordsOn, wordsOf } from './words.ts';
import type { DesktopName, Words } from './words.ts';

/**
 * Each test runs the built app under the Electron stand-in (e2e/standin, docs/electron-standin.md):
 * out/main/main.js in this worker, its window a page of the worker's Chromium, fresh data folder
 * and keychain service. Specs get
 * - `page`: the app window's page, loaded, 1280x800;
 * - `services`: main's own services (its router, journal, sandbox handle);
 * - `bridge`: the stand-in's IPC pipe seen from the test: `calls` and `failNext(channel, error)`;
 * - `electronApp`: the running app (the stand-in's records: dialogs, opened URLs, permissions).
 * - `openDesktop`: starts another desktop beside `electronApp` (the built app again, in this worker,
 *   on a data folder and keychain service of its own, its page loaded as `page` is), for the team
 *   journal's tests: two desktops, one database. Each is checked for problems and quit after the test.
 * `mainEnv` adds to main's environment (scenarios/faults.ts); Playwright's own `locale` option sets
 * the app window's language (`test.use({ locale: 'de-DE' })`). Each test ends with app.quit().
 * - `desktop`: the OS's language the app starts on ('en' by default; the `german` project of
 *   playwright.config.ts runs some specs again on 'de'), and `words`, the catalogue's words in that
 *   language (harness/words.ts), for the specs' locators.
 */

/**
 * The OS's languages as the suite's specs expect them, whatever the machine's own: English, US
 * formats (the Electron stand-in reads these as Electron does: e2e/standin/system-locale.ts). A spec
 * about languages sets its own through `mainEnv`, which goes over these.
 */
export const ENGLISH_DESKTOP: Record<string, string> = ENGLISH_DESKTOP_ENV;

type TestFixtures = {
  mainEnv: Record<string, string>;
  /** The OS's language and formats (harness/words.ts, DESKTOPS): English unless a project says otherwise. */
  desktop: DesktopName;
  /** The catalogue's words in the desktop's language, formatted as the window formats them. */
  words: Words;
  /** Whether the app starts as on its very first start (launchApp's firstRun); by default it has started before. */
  firstRun: boolean;
  electronApp: RunningApp;
  services: MainServices;
  bridge: IpcControl;
  page: Page;
  openDesktop: () => Promise<RunningApp>;
};

/** The app window's page as every test starts with it: 1280x800, the app drawn. */
async function readyPage({ page }: RunningApp): Promise<Page> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByTestId('active-profile')).toBeVisible();
  return page;
}

/** A console error (CSP violations land there), an uncaught exception, a request leaving the app's origin, or anything the stand-in saw go wrong (an unanswered dialog) fails the test. */
const expectNoProblems = (app: RunningApp) => expect(app.problems(), 'the page or the Electron stand-in reported problems').toEqual([]);

export const test = base.extend<TestFixtures>({
  mainEnv: [{}, { option: true }],
  desktop: ['en', { option: true }],
  words: async ({ desktop }, use) => {
    await use(wordsOf(DESKTOPS[desktop]));
  },
  firstRun: [false, { option: true }],

  electronApp: async ({ browser, mainEnv, desktop, words, firstRun, locale }, use, testInfo) => {
    const app = await launchApp({ browser, env: { ...DESKTOPS[desktop].env, ...mainEnv }, firstRun, locale, keychainService: uniqueKeychainService(String(testInfo.workerIndex)) });
    try {
      useWordsOn(app.page, words);
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
    await use(await readyPage(electronApp));
    expectNoProblems(electronApp);
  },

  // It asks for electronApp only to be set up after it and so torn down before it: the desktops
  // quit newest first, and each hands main's environment back as it found it (harness/app.ts).
  openDesktop: async ({ browser, mainEnv, desktop, words, electronApp }, use, testInfo) => {
    const opened: RunningApp[] = [];
    await use(async () => {
      const app = await launchApp({ browser, env: { ...DESKTOPS[desktop].env, ...mainEnv }, keychainService: uniqueKeychainService(`${testInfo.workerIndex}-${opened.length + 2}`) });
      opened.unshift(app);
      useWordsOn(app.page, words);
      await readyPage(app);
      return app;
    });
    void electronApp; // (see above: only for the order)
    try {
      for (const app of opened) expectNoProblems(app);
    } finally {
      for (const app of opened) await app.close();
    }
  },
});

export { expect };
