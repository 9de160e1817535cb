import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../package.ts';

/**
 * A throwaway copy of the project for running `npm start` and the postinstall for real, without
 * touching this checkout's node_modules/electron or out/: the sources and scripts are copied, the
 * electron package is copied without any binary (as `npm ci` leaves it since Electron 45), and every
 * other installed package is a symlink to this checkout's.
 */

export type TempProject = { dir: string; electronDir: string; remove(): void };

const COPIED = ['package.json', 'electron.vite.config.ts', 'tsconfig.json', 'tsconfig.base.json', 'tsconfig.node.json', 'tsconfig.web.json', 'scripts', 'electron', 'renderer', 'shared'];
// What the electron package holds before its binary is downloaded (its package.json "files").
const ELECTRON_PACKAGE_FILES = ['package.json', 'index.js', 'cli.js', 'install.js', 'checksums.json', 'abi_version', 'LICENSE'];
const NOT_LINKED = new Set(['electron', '.bin', '.cache', '.package-lock.json']);

export function tempProject(): TempProject {
  const dir = mkdtempSync(join(tmpdir(), 'merchant-console-project-'));
  for (const entry of COPIED) cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
  const modules = join(dir, 'node_modules');
  mkdirSync(modules);
  for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
    if (!NOT_LINKED.has(entry)) symlinkSync(join(ROOT, 'node_modules', entry), join(modules, entry));
  }
  const electronDir = join(modules, 'electron');
  mkdirSync(electronDir);
  for (const file of ELECTRON_PACKAGE_FILES) cpSync(join(ROOT, 'node_modules', 'electron', file), join(electronDir, file));
  return { dir, electronDir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

// What @electron/get and the launcher read from the environment: a test sets its own.
const INHERITED_SETTING = /^(npm_config_electron_|npm_package_config_electron_|electron_|force_no_cache$|merchant_console_download_timeout$)/i;

export type Run = { code: number | null; output: string };

/** `npm <args>` in the project, its output (stdout and stderr, interleaved) collected; killed after `timeoutMs`. */
export function runNpm(project: TempProject, args: string[], env: Record<string, string>, timeoutMs = 60_000): Promise<Run> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !INHERITED_SETTING.test(name)));
  return new Promise((resolve, reject) => {
    // Its own process group, so that a timeout ends npm, the launcher and whatever they started.
    const child = spawn('npm', args, { cwd: project.dir, env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const timer = setTimeout(() => {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
