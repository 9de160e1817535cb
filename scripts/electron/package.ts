import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

/**
 * Where a project's electron package is, and the facts about its binary that the package itself
 * goes by: node_modules/electron/path.txt names the executable under dist/, and install.js (the
 * `install-electron` bin) writes both once its download is extracted. Since Electron 45 nothing
 * downloads the binary at `npm install` time (electron/electron#49328): install-electron does, or
 * the first `require('electron')`.
 */

export const ROOT = resolve(import.meta.dirname, '../..');

export type ElectronPackage = { dir: string; version: string };

/** The electron package this project resolves, or null when it is not installed at all. */
export function electronPackage(root: string = ROOT): ElectronPackage | null {
  try {
    const manifest = createRequire(join(root, 'package.json')).resolve('electron/package.json');
    const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
    return { dir: dirname(manifest), version };
  } catch {
    return null;
  }
}

/** What is missing from a package whose binary cannot be found, in words, for skip messages and errors. */
export function missingBinaryFacts(pkg: ElectronPackage): string {
  const pathFile = join(pkg.dir, 'path.txt');
  if (!existsSync(pathFile)) {
    return `${pathFile} does not exist: Electron ${pkg.version}'s binary was never downloaded (its install-electron command has not completed here)`;
  }
  const executable = join(pkg.dir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return `${executable}, which ${pathFile} names, does not exist: the download was removed or did not finish`;
}
