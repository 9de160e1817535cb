import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * `electron-vite build`: main, preload and the minified renderer into out/ (or `outDir`), the one
 * artifact that ships. Everything that runs the app builds it this way, never with a Vite of its own.
 */

export type BuildOptions = { root: string; outDir?: string; quiet?: boolean };

export function electronViteCli(root: string): string {
  const manifest = createRequire(join(root, 'package.json')).resolve('electron-vite/package.json');
  return join(dirname(manifest), 'bin', 'electron-vite.js');
}

export function buildApp({ root, outDir, quiet = false }: BuildOptions): Promise<void> {
  const args = [electronViteCli(root), 'build', ...(outDir ? ['--outDir', outDir] : []), ...(quiet ? ['--logLevel', 'warn'] : [])];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`electron-vite build failed (exit code ${code}); its errors are above`))));
  });
}
