/**
 * What a person reads when Electron's binary cannot be had: what happened, why, and what to do.
 * Plain words, no stack trace. The three ways out are the same everywhere: retry with internet
 * access, a mirror (ELECTRON_MIRROR, read by @electron/get), or the app in Chromium without Electron.
 */

export const DOWNLOAD_FAILED = "Electron's binary could not be downloaded";

export function cannotStartMessage(cause: string): string {
  return [
    `Merchant Console cannot start: ${DOWNLOAD_FAILED}.`,
    `  Why: ${cause}`,
    'What you can do:',
    '  - retry where there is internet access: npm start',
    '  - download it from a mirror you can reach: ELECTRON_MIRROR=https://your.mirror/electron/ npm start',
    '  - try the app without Electron, in Chromium: npm run preview',
  ].join('\n');
}

/** One line for `npm ci`, which carries on: the app can still be built, tested and previewed. */
export function installSkippedLine(cause: string): string {
  return `${DOWNLOAD_FAILED} (${cause}); npm ci carries on. npm start will try again (ELECTRON_MIRROR sets a mirror), or run npm run preview.`;
}
