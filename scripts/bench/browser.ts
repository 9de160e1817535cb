import { chromium } from '@playwright/test';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createMemorySecretStore } from '../../electron/platform/profiles/secret-store.ts';
import { createMainServices } from '../../electron/app/index.ts';
import type { MainServices, MainServicesOptions } from '../../electron/app/index.ts';
import { startedBefore } from '../../e2e/harness/app.ts';
import { installBridge } from '../../e2e/harness/bridge.ts';
import { buildApp } from '../build/app.ts';
import type { HarnessRouter } from '../../e2e/harness/bridge.ts';
import { chromiumLaunchOptions } from '../../e2e/harness/chromium.ts';

/**
 * The e2e harness parts, put together for the browser benchmarks: the built renderer in Debian's
 * Chromium, its preload surface forwarded to the real router of main's services in this process,
 * with the real local sandbox behind it. Secrets stay in memory: a benchmark needs no keychain.
 */

export const ROOT = resolve(import.meta.dirname, '../..');

let built: Promise<string> | null = null;

/**
 * The renderer that ships: `electron-vite build` (once per run) and its out/renderer, exactly what
 * `npm start`, the installers and the e2e suites load. Never a build of the bench's own.
 */
export function buildBenchRenderer(): Promise<string> {
  built ??= buildApp({ root: ROOT, quiet: true }).then(() => join(ROOT, 'out', 'renderer'));
  return built;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions);
}

export type BenchServices = { services: MainServices; close(): Promise<void> };

/**
 * Main's services over a fresh data folder, with the Local sandbox profile, as one the app started
 * on before: the first start's name dialog would stand over the screens the bench measures.
 */
export async function startBenchServices(options: Partial<MainServicesOptions> = {}): Promise<BenchServices> {
  const dataDir = await mkdtemp(join(tmpdir(), 'merchant-console-bench-'));
  await startedBefore(dataDir);
  const services = await createMainServices({ dataDir, version: 'bench', secretStore: createMemorySecretStore(), ...options });
  return {
    services,
    close: async () => {
      await services.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A page in a context of its own (an empty cache: a cold load), bridged to `router`, not yet navigated. */
export async function bridgedPage(browser: Browser, router: HarnessRouter | null): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  if (router) await installBridge(page, router);
  return { context, page };
}

/** Opens a screen from the sidebar, as a person does, and waits for its heading. */
export async function openScreen(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name, exact: true }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
}
