import type { LaunchOptions } from '@playwright/test';

/**
 * Debian's Chromium, not Playwright's download (there is none on this machine). Flags keep it
 * quiet and offline: no QUIC, no background fetches, no component updates, no sync.
 */
export const CHROMIUM_PATH = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium';

export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: CHROMIUM_PATH,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
