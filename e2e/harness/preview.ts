import { chromium } from '@playwright/test';
import { isStandinUrl } from '../standin/urls.ts';
import type { RunningApp } from './app.ts';
import { launchApp } from './app.ts';
import { ensureBuilt } from './build.ts';
import { chromiumLaunchOptions } from './chromium.ts';
import { uniqueKeychainService } from './keychain.ts';

/**
 * `npm run preview`: the app as the e2e suite runs it (the electron-vite build in out/, under the
 * Electron stand-in: main in this process, its window a page of Chromium), in a headed Chromium, for
 * a person to try where Electron cannot run. `xvfb-run -a npm run preview` without a display;
 * E2E_SKIP_BUILD=1 reuses out/. Closing the window quits the app, as in Electron; so does Ctrl-C.
 *
 * The app keeps its secrets in the system keychain, as it does in Electron: run the preview in a
 * session with a Secret Service (a desktop, or `dbus-run-session` with gnome-keyring as in the
 * README's Troubleshooting); without one, main shows its error and exits. Secrets go under a
 * keychain service of the preview's own, cleared on exit. PREVIEW_DATA_DIR keeps the data folder.
 */

await ensureBuilt();
// Our own signal handlers quit the app in order; Playwright's would close Chromium first.
const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: false, handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false });
let app: RunningApp;
try {
  app = await launchApp({
    browser,
    headed: true,
    keychainService: uniqueKeychainService('preview'),
    ...(process.env.PREVIEW_DATA_DIR ? { dataDir: process.env.PREVIEW_DATA_DIR } : {}),
  });
} catch (error) {
  console.error(`Merchant Console did not start: ${error instanceof Error ? error.message : String(error)}`);
  await browser.close();
  process.exit(1);
}

await app.page.waitForURL((url) => isStandinUrl(url.href));

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  const closed = await app.close().then(
    () => true,
    (error: unknown) => {
      console.error(error);
      return false;
    },
  );
  if (closed) console.log('Merchant Console preview stopped.');
  const problems = app.problems();
  if (problems.length > 0) console.error(`The page or the stand-in reported:\n${problems.join('\n')}`);
  await browser.close().catch(() => undefined);
  process.exit(0);
}

// Before the lines below say Ctrl-C stops it: a Ctrl-C right after them must still clean up.
void app.standin.app.exited.then(stop);
browser.on('disconnected', () => void stop());
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
console.log(`Merchant Console preview: ${app.window.webContents.getURL()} (data in ${app.dataDir})`);
console.log('Close the window or press Ctrl-C to stop.');
