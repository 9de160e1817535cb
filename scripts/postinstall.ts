import { installSkippedLine } from './electron/advice.ts';
import { downloadElectronBinary } from './electron/download.ts';
import { electronPackage } from './electron/package.ts';

/**
 * `npm ci`'s postinstall (the root package's scripts run whatever "allowScripts" says: that policy
 * covers dependencies only). Electron 45 no longer downloads its binary when it is installed
 * (electron/electron#49328), and electron-vite reads only node_modules/electron/path.txt, which that
 * download writes: so the download happens here, through Electron's own install-electron.
 *
 * It never fails `npm ci`: offline, behind a firewall, or with ELECTRON_SKIP_BINARY_DOWNLOAD set (the
 * usual switch for CI), the app still builds, tests and previews. It says so in one line, and
 * `npm start` tries again.
 */

if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) {
  console.log("ELECTRON_SKIP_BINARY_DOWNLOAD is set: Electron's binary is not downloaded (npm start will download it).");
} else if (!electronPackage()) {
  // An install without devDependencies (--omit=dev): no Electron, nothing to download.
} else {
  const result = await downloadElectronBinary();
  if (!result.ok) console.log(installSkippedLine(result.cause));
}
