import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { findElectronBinary } from './binary.ts';

/** Builds main, preload and renderer with electron-vite, only when there is an Electron to run them. */
export default async function globalSetup(): Promise<void> {
  if (!findElectronBinary().found || process.env.E2E_SKIP_BUILD === '1') return;
  const root = resolve(import.meta.dirname, '../..');
  execFileSync(resolve(root, 'node_modules/.bin/electron-vite'), ['build'], { cwd: root, stdio: 'inherit' });
}
