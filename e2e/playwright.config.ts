import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './harness/chromium.ts';
import type { DesktopName } from './harness/words.ts';

/** The specs run a second time in German: New invoice, Live quote, Withdrawal and the transaction lookup. */
const GERMAN_SPECS = /specs\/(invoices|quote|withdrawals|transactions)\.spec\.ts$/;

/**
 * The built app under the Electron stand-in (e2e/standin, docs/electron-standin.md): out/main/main.js
 * in the worker, its windows pages of Debian's Chromium running out/preload/preload.cjs. Run it inside
 * a private D-Bus session with an unlocked keyring, because the profiles keep keys and secrets in the
 * real keychain (see e2e/README.md):
 *   dbus-run-session -- sh -c 'echo -n pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null; npx playwright test -c e2e/playwright.config.ts'
 */
export default defineConfig<{ desktop: DesktopName }>({
  // The screens' specs, and the stand-in's own (e2e/standin/*.spec.ts); e2e/electron has its own config.
  testDir: '.',
  testMatch: /(specs|standin)\/[^/]+\.spec\.ts$/,
  outputDir: '../test-results/e2e',
  globalSetup: './harness/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // list for people; json for scripts/test-summary.ts (test-results/e2e.json)
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    // Every spec on an English desktop (harness/fixtures.ts, `desktop`).
    { name: 'english' },
    // The screens whose every word is the catalogues' run again on a German desktop: LANG=de_DE.UTF-8,
    // so the app starts in German by itself, German formats, the window's Chromium in de-DE. Their
    // locators are worded through `words` (harness/words.ts; docs/i18n.md, "Specs in German").
    {
      name: 'german',
      testMatch: GERMAN_SPECS,
      use: { desktop: 'de', locale: 'de-DE' },
    },
  ],
});
