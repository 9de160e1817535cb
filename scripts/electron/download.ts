import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { clearDownloadFailure, recordDownloadFailure } from './download-record.ts';
import { electronPackage, ROOT } from './package.ts';

/**
 * Gets Electron's binary the way Electron 45 expects: its own install.js (the `install-electron`
 * bin), which downloads the zip with @electron/get (ELECTRON_MIRROR, ELECTRON_CUSTOM_DIR, the
 * cache in ~/.cache/electron, checksums.json), extracts it into node_modules/electron/dist and
 * writes path.txt. It runs once, with the wait for an answer bounded (fetch-bounds.ts), and its
 * stack trace is kept from the user: the result carries one line that says what went wrong.
 */

export type DownloadResult = { ok: true } | { ok: false; cause: string };

const FETCH_BOUNDS = pathToFileURL(join(import.meta.dirname, 'fetch-bounds.ts')).href;

const ERROR_LINE = /^[A-Za-z]*Error: /;

/**
 * The error install.js printed (the first line of its stack trace, without "SomeError: "), or its
 * first line of output when no line looks like an error (@electron/get may warn before failing).
 */
export function causeOf(stderr: string): string | null {
  const lines = stderr.split('\n').map((text) => text.trim()).filter(Boolean);
  const line = lines.find((text) => ERROR_LINE.test(text)) ?? lines[0];
  return line ? line.replace(ERROR_LINE, '') : null;
}

export function downloadElectronBinary(root: string = ROOT): Promise<DownloadResult> {
  const pkg = electronPackage(root);
  if (!pkg) return Promise.resolve({ ok: false, cause: 'the electron package is not installed (run npm ci)' });
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', FETCH_BOUNDS, join(pkg.dir, 'install.js')], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const settle = (result: DownloadResult) => {
      if (result.ok) clearDownloadFailure(pkg);
      else recordDownloadFailure(pkg, result.cause);
      resolve(result);
    };
    child.on('error', (error) => settle({ ok: false, cause: `install-electron did not start: ${error.message}` }));
    child.on('close', (code, signal) => {
      if (code === 0) settle({ ok: true });
      else settle({ ok: false, cause: causeOf(stderr) ?? (signal ? `install-electron was stopped by ${signal}` : `install-electron exited with code ${code}`) });
    });
  });
}
