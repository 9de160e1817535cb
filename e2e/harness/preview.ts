import { chromium } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMainServices } from '../../electron/core/services/index.ts';
import { createMemorySecretStore } from '../../electron/core/profiles/secret-store.ts';
import { installBridge } from './bridge.ts';
import { buildRenderer } from './build.ts';
import { chromiumLaunchOptions } from './chromium.ts';
import { clearKeychainService, uniqueKeychainService } from './keychain.ts';
import { startStaticServer } from './server.ts';

/**
 * `npm run preview`: the same harness as the e2e tests, in a headed Chromium, for a person to try
 * the app where Electron cannot run. Works under Xvfb (`xvfb-run -a npm run preview`). Stays open
 * until the window is closed or Ctrl-C.
 *
 * Secrets go to the real keychain when a D-Bus session exists (under a service name of its own,
 * cleared on exit); otherwise, or with PREVIEW_SECRETS=memory, to memory only.
 * PREVIEW_DATA_DIR keeps the data folder (profiles, sandbox state) between runs.
 */

const keepDataDir = process.env.PREVIEW_DATA_DIR;
const useKeychain = process.env.PREVIEW_SECRETS !== 'memory' && Boolean(process.env.DBUS_SESSION_BUS_ADDRESS);

const rendererDir = await buildRenderer({ quiet: true });
const dataDir = keepDataDir ?? (await mkdtemp(join(tmpdir(), 'merchant-console-preview-')));
const keychainService = useKeychain ? uniqueKeychainService('preview') : null;
const services = await createMainServices({
  dataDir,
  version: 'preview',
  ...(keychainService ? { keychainService } : { secretStore: createMemorySecretStore() }),
});
const server = await startStaticServer(rendererDir);
// Our own signal handlers close everything in order; Playwright's would exit before the cleanup.
const browser = await chromium.launch({
  ...chromiumLaunchOptions,
  headless: false,
  handleSIGINT: false,
  handleSIGTERM: false,
  handleSIGHUP: false,
});
const context = await browser.newContext({ viewport: null });
const page = await context.newPage();
await installBridge(page, services.router);
await page.goto(server.url);

console.log(`Merchant Console preview: ${server.url} (data in ${dataDir})`);
console.log(useKeychain ? `Secrets in the keychain under "${keychainService}".` : 'Secrets in memory only (no D-Bus session).');
console.log('Close the window or press Ctrl-C to stop.');

let stopping = false;
async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  await browser.close().catch(() => undefined);
  await server.close();
  await services.close();
  if (keychainService) await clearKeychainService(keychainService).catch(() => undefined);
  if (!keepDataDir) await rm(dataDir, { recursive: true, force: true });
  process.exit(code);
}

page.on('close', () => void stop(0));
browser.on('disconnected', () => void stop(0));
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
