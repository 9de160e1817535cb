import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildApp } from '../../scripts/build/app.ts';

/**
 * The app as it ships: `electron-vite build` writes out/main/main.js, out/preload/preload.cjs and
 * out/renderer (electron.vite.config.ts), and the e2e suite, the preview and the benchmarks run
 * exactly those files under the Electron stand-in (e2e/standin). No build of their own: the one
 * build is scripts/build/app.ts's, as npm start's.
 */

export const ROOT = resolve(import.meta.dirname, '../..');
export const MAIN_BUNDLE = resolve(ROOT, 'out/main/main.js');
const BUILT = [MAIN_BUNDLE, resolve(ROOT, 'out/preload/preload.cjs'), resolve(ROOT, 'out/renderer/index.html')];

async function build(quiet: boolean): Promise<void> {
  await buildApp({ root: ROOT, quiet });
  const missing = BUILT.filter((file) => !existsSync(file));
  if (missing.length > 0) throw new Error(`electron-vite build left no ${missing.join(', ')}`);
}

/** E2E_SKIP_BUILD=1 reuses out/ when it is complete (quicker when only specs changed). */
export async function ensureBuilt(): Promise<void> {
  if (process.env.E2E_SKIP_BUILD === '1' && BUILT.every((file) => existsSync(file))) return;
  await build(true);
}

if (import.meta.main) await build(false);
