import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Where the Electron binary is, or why it is not there, found the way node_modules/electron/index.js
 * finds it (path.txt names the file under dist/), but WITHOUT requiring the package: its index.js
 * starts a download when the binary is missing.
 */
export type ElectronBinary = { found: true; path: string } | { found: false; reason: string };

export function findElectronBinary(root: string = resolve(import.meta.dirname, '../..')): ElectronBinary {
  const packageDir = join(root, 'node_modules', 'electron');
  if (!existsSync(join(packageDir, 'package.json'))) {
    return { found: false, reason: 'the electron package is not in node_modules' };
  }
  const pathFile = join(packageDir, 'path.txt');
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (!existsSync(pathFile) && !override) {
    return {
      found: false,
      reason: 'node_modules/electron/path.txt does not exist (the electron postinstall download did not run or failed)',
    };
  }
  const name = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : 'electron';
  const binary = override ? join(override, name) : join(packageDir, 'dist', name);
  if (!existsSync(binary)) return { found: false, reason: `${binary} does not exist` };
  return { found: true, path: binary };
}
