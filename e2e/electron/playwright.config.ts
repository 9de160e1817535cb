import { defineConfig } from '@playwright/test';

/**
 * The full app through Playwright's `_electron`: the same key scenario as the browser harness,
 * through Electron's real IPC. Where the Electron binary is not installed the suite reports itself
 * skipped with the reason (see binary.ts). Run it in the same D-Bus session as the harness:
 *   dbus-run-session -- sh -c 'echo -n pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null; npx playwright test -c e2e/electron/playwright.config.ts'
 * (add `xvfb-run -a` in front of npx on a machine without a display).
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../../test-results/electron',
  globalSetup: './global-setup.ts',
  workers: 1,
  retries: 0,
  // list for people; json for scripts/test-summary.ts (test-results/electron.json)
  reporter: [['list'], ['json', { outputFile: '../../test-results/electron.json' }]],
  timeout: 90_000,
  expect: { timeout: 15_000 },
});
