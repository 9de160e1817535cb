import { defineConfig } from '@playwright/test';

/**
 * The full app through Playwright's `_electron`: the same key scenario as the browser harness,
 * through Electron's real IPC, on the app as `electron-vite build` writes it (global-setup.ts).
 * Where the Electron binary is not installed the suite reports itself skipped with the reason (see
 * binary.ts). `npm test` runs it in its private D-Bus session, under `xvfb-run -a` where there is
 * no display (scripts/test.sh). By hand:
 *   dbus-run-session -- sh -c 'echo -n pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null; xvfb-run -a npx playwright test -c e2e/electron/playwright.config.ts'
 * (leave out `xvfb-run -a` on a desktop).
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
