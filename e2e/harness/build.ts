import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The app as it ships: `electron-vite build` writes out/main/main.js, out/preload/preload.cjs and
 * out/renderer (electron.vite.config.ts), and the e2e suite, the preview and the benchmarks run
 * exactly those files under the Electron stand-in (e2e/standin). No build of their own.
 */

export const ROOT = resolve(import.meta.dirname, '../..');
export const MAIN_BUNDLE = resolve(ROOT, 'out/main/main.js');
const BUILT = [MAIN_BUNDLE, resolve(ROOT, 'out/preload/preload.cjs'), resolve(ROOT, 'out/renderer/index.html')];

export function buildApp(options: { quiet?: boolean } = {}): void {
  execFileSync(resolve(ROOT, 'node_modules/.bin/electron-vite'), ['build'], { cwd: ROOT, stdio: options.quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit' });
  const missing = BUILT.filter((file) => !existsSync(file));
  if (missing.length > 0) throw new Error(`electron-vite build left no ${missing.join(', ')}`);
}

/** E2E_SKIP_BUILD=1 reuses out/ when it is complete (quicker when only specs changed). */
export function ensureBuilt(): void {
  if (process.env.E2E_SKIP_BUILD === '1' && BUILT.every((file) => existsSync(file))) return;
  buildApp({ quiet: true });
}

/**
 * Kept for scripts/bench/browser.ts, which still serves the renderer on its own: the renderer of
 * the one electron-vite build, in out/renderer.
 */
export async function buildRenderer(options: { quiet?: boolean } = {}): Promise<string> {
  buildApp(options);
  return resolve(ROOT, 'out/renderer');
}

if (import.meta.main) buildApp();
