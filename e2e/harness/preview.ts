import { chromium } from '@playwright/test';
import { join } from 'node:path';
import { isStandinUrl } from '../standin/urls.ts';
import type { RunningApp } from './app.ts';
import { launchApp } from './app.ts';
import { ensureBuilt } from './build.ts';
import { chromiumLaunchOptions } from './chromium.ts';
import { withDeadline } from './deadline.ts';
import { uniqueKeychainService } from './keychain.ts';
import { answerSavesInto } from './preview-saves.ts';
import { startPrivateKeyring } from './private-keyring.ts';
import { secretServiceState } from './secret-service.ts';

/**
 * `npm run preview`: the app as the e2e suite runs it (the electron-vite build in out/, under the
 * Electron stand-in: main in this process, its window a page of Chromium), in a headed Chromium, for
 * a person to try where Electron cannot run. `xvfb-run -a npm run preview` without a display;
 * E2E_SKIP_BUILD=1 reuses out/. Closing the window quits the app, as in Electron; so does Ctrl-C.
 *
 * The app keeps its secrets in the system keychain, as it does in Electron, under a keychain service
 * of the preview's own, cleared on exit. Where no Secret Service would answer without a prompt (no
 * D-Bus session, no unlocked default keyring: secret-service.ts), the preview says so in one line
 * and starts a private one (private-keyring.ts), as `npm test` does; it never waits on a prompt.
 * Save dialogs are answered with the data folder's exports/ (preview-saves.ts).
 * PREVIEW_DATA_DIR keeps the data folder.
 */

/** How long the app may take to open its window once built: a keychain waiting on a prompt would take for ever. */
const START_DEADLINE_MS = 90_000;

const secretService = await secretServiceState();
if (!secretService.usable) {
  console.log(
    `No usable Secret Service here (${secretService.why}): the preview keeps its secrets in a private keyring of its own (gnome-keyring in a D-Bus session of its own), gone when it stops.`,
  );
  const keyring = await startPrivateKeyring().catch((error: unknown) => {
    console.error(`Merchant Console preview cannot start: ${error instanceof Error ? error.message : String(error)}.`);
    return process.exit(1);
  });
  // keytar (libsecret) and Chromium read the bus address from the environment when they first connect.
  process.env.DBUS_SESSION_BUS_ADDRESS = keyring.address;
  process.on('exit', () => keyring.stop());
}

await ensureBuilt();
// Our own signal handlers quit the app in order; Playwright's would close Chromium first.
const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: false, handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false });
let app: RunningApp;
try {
  app = await withDeadline(
    launchApp({
      browser,
      headed: true,
      keychainService: uniqueKeychainService('preview'),
      ...(process.env.PREVIEW_DATA_DIR ? { dataDir: process.env.PREVIEW_DATA_DIR } : {}),
    }),
    START_DEADLINE_MS,
    `its window did not open within ${START_DEADLINE_MS / 1000} s (a keychain waiting on a prompt does that: run it where the keyring is unlocked, or with no D-Bus session so that the preview makes its own)`,
  );
} catch (error) {
  console.error(`Merchant Console did not start: ${error instanceof Error ? error.message : String(error)}`);
  await browser.close();
  process.exit(1);
}

await app.page.waitForURL((url) => isStandinUrl(url.href));
const exportsDir = join(app.dataDir, 'exports');
answerSavesInto(app.standin.desktop, exportsDir);

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
console.log(`Exports (Export CSV, Dispute report) are saved in ${exportsDir}${process.env.PREVIEW_DATA_DIR ? '' : ', removed with the data folder when the preview stops (PREVIEW_DATA_DIR keeps it)'}.`);
// The window's language as the page declares it (<html lang>, set from main's choice once the app has
// rendered, its language choice in the header): what LANG and the others gave.
await app.page.getByTestId('language-select').waitFor();
const language = await app.page.locator('html').getAttribute('lang');
console.log(`Window language: ${language}.`);
console.log(`Merchant Console preview: ${app.window.webContents.getURL()} (data in ${app.dataDir})`);
console.log('Close the window or press Ctrl-C to stop.');
