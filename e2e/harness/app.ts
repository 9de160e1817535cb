import type { Browser, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { access, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MainServices } from '../../electron/app/index.ts';
import { IDENTITY_FILE } from '../../electron/platform/identity/index.ts';
import { APP_START_URL } from '../../electron/shell/origin.ts';
import type { StandinBrowserWindow } from '../standin/browser-window.ts';
import { ElectronStandin } from '../standin/standin.ts';
import { standinPageOriginOf } from '../standin/urls.ts';
import { MAIN_BUNDLE, ROOT } from './build.ts';
import { clearKeychainService } from './keychain.ts';
import { watchPage } from './watch.ts';

/**
 * Merchant Console as `electron .` would start it, but under the Electron stand-in: the built
 * out/main/main.js in this process, its window a page of `browser`. Its data folder and keychain
 * service are the run's own (main reads MERCHANT_CONSOLE_DATA_DIR and MERCHANT_CONSOLE_KEYCHAIN_SERVICE
 * when unpackaged), and main hands its services over through the stand-in's app
 * ('merchant-console:services', electron/main.ts) for the tests to read.
 */

/** The origin Chromium sees for app://renderer (e2e/standin/urls.ts). */
export const APP_PAGE_ORIGIN = standinPageOriginOf(APP_START_URL, new Set(['app']));

export type LaunchOptions = {
  browser: Browser;
  headed?: boolean;
  /** The app window's language (Playwright's `locale` option); Chromium's default when not given. */
  locale?: string | undefined;
  /** A folder to keep (not removed on close); by default a fresh temp folder. */
  dataDir?: string;
  keychainService: string;
  /** More of main's environment (MERCHANT_CONSOLE_RESPONSE_TIMEOUT_MS, ...). */
  env?: Record<string, string>;
  /** Called with the stand-in before main runs (to listen to its app's start-up). */
  onStandin?: (standin: ElectronStandin) => void;
  /**
   * Start as the app's very first start on its data folder, which asks for the name in the journal
   * (profiles/FirstRunName.tsx). By default a fresh data folder is one the app started on before,
   * the name not set (identity.json without one), as most tests are about what comes after.
   */
  firstRun?: boolean;
};

/** The identity.json of a data folder the app started on before, no name set (electron/platform/identity). */
export async function startedBefore(dataDir: string): Promise<void> {
  const path = join(dataDir, IDENTITY_FILE);
  const exists = await access(path).then(
    () => true,
    () => false,
  );
  if (!exists) await writeFile(path, `${JSON.stringify({ version: 1, desktopId: randomUUID(), displayName: null })}\n`, { mode: 0o600 });
}

export type RunningApp = {
  standin: ElectronStandin;
  window: StandinBrowserWindow;
  page: Page;
  services: MainServices;
  dataDir: string;
  /** What went wrong in the page (errors, CSP violations, foreign requests) or in the stand-in. */
  problems(): string[];
  /** app.quit() as a person would, then the data folder (unless kept) and keychain entries go. */
  close(): Promise<void>;
};

/** Sets main's environment for the app's lifetime (main reads it as it starts); undoes it after. */
function setEnv(values: Record<string, string | undefined>): () => void {
  const before = Object.fromEntries(Object.keys(values).map((name) => [name, process.env[name]]));
  const apply = (next: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(next)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  apply(values);
  return () => apply(before);
}

export async function launchApp(options: LaunchOptions): Promise<RunningApp> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'merchant-console-e2e-')));
  if (!options.firstRun) await startedBefore(dataDir);
  const restoreEnv = setEnv({
    ...options.env,
    MERCHANT_CONSOLE_DATA_DIR: dataDir,
    MERCHANT_CONSOLE_KEYCHAIN_SERVICE: options.keychainService,
    // A dev server URL would make main load it instead of app://renderer.
    ELECTRON_RENDERER_URL: undefined,
  });
  let pageProblems: () => string[] = () => [];
  const standin = new ElectronStandin({
    browser: options.browser,
    appPath: ROOT,
    headed: options.headed ?? false,
    locale: options.locale,
    onWindowPage: (page) => {
      pageProblems = watchPage(page, APP_PAGE_ORIGIN);
    },
  });
  const services = new Promise<MainServices>((resolve, reject) => {
    standin.app.once('merchant-console:services', resolve);
    void standin.app.exited.then((code) => reject(new Error(`The app exited (code ${code}) before its services started`)));
  });
  services.catch(() => undefined); // awaited below; a start that failed earlier says why itself
  options.onStandin?.(standin);
  const cleanUp = async () => {
    restoreEnv();
    await clearKeychainService(options.keychainService).catch(() => undefined);
    if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await standin.run(MAIN_BUNDLE);
    const window = await standin.firstWindow();
    const [page, ready] = await Promise.all([window.page(), services]);
    return {
      standin,
      window,
      page,
      services: ready,
      dataDir,
      problems: () => [...pageProblems(), ...standin.problems()],
      close: async () => {
        try {
          await standin.quit();
        } finally {
          await cleanUp();
        }
      },
    };
  } catch (error) {
    await standin.quit(5_000).catch(() => undefined);
    await cleanUp();
    throw error;
  }
}
