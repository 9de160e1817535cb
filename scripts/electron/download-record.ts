import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ElectronPackage } from './package.ts';

/**
 * The cause of the last failed download of Electron's binary, kept beside the package in
 * node_modules/.cache, so that a later "the binary is missing" (the `_electron` suite's skip
 * message) can say why instead of guessing. `npm ci` starts node_modules afresh, and with it this.
 */

function recordPath(pkg: ElectronPackage): string {
  return join(pkg.dir, '..', '.cache', 'merchant-console', 'electron-download-failure.txt');
}

export function recordDownloadFailure(pkg: ElectronPackage, cause: string): void {
  try {
    mkdirSync(dirname(recordPath(pkg)), { recursive: true });
    writeFileSync(recordPath(pkg), `${new Date().toISOString()}\t${cause}\n`);
  } catch {
    // Only a better message later depends on it: a read-only node_modules is no reason to fail.
  }
}

export function clearDownloadFailure(pkg: ElectronPackage): void {
  rmSync(recordPath(pkg), { force: true });
}

/** When the last failed attempt was and why it failed, or null when none is recorded. */
export function lastDownloadFailure(pkg: ElectronPackage): { at: string; cause: string } | null {
  const path = recordPath(pkg);
  if (!existsSync(path)) return null;
  const [at = '', cause = ''] = readFileSync(path, 'utf8').trim().split('\t');
  return cause ? { at, cause } : null;
}
