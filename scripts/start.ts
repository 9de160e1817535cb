import { spawn } from 'node:child_process';
import { buildApp, electronViteCli } from './build/app.ts';
import { cannotStartMessage } from './electron/advice.ts';
import { findElectronBinary } from './electron/binary.ts';
import { downloadElectronBinary } from './electron/download.ts';
import { ROOT } from './electron/package.ts';

/**
 * `npm start`: Electron's binary (downloaded once if `npm ci` could not), one `electron-vite build`,
 * then that binary on the app in out/. Not `electron-vite preview`, which would build a second time
 * and finds Electron through path.txt only.
 *
 * `npm run dev` (`--dev`): the same binary check, then `electron-vite dev` (hot reload), told where
 * the binary is through ELECTRON_EXEC_PATH instead of path.txt.
 *
 * When the binary cannot be had, it says so in plain words, with what to do, and exits 1.
 */

class CannotStart extends Error {}

async function electronBinary(): Promise<string> {
  const present = findElectronBinary(ROOT);
  if (present.found) return present.path;
  console.log("Electron's binary is not installed yet: downloading it once (about 100 MB)...");
  const download = await downloadElectronBinary(ROOT);
  if (!download.ok) throw new CannotStart(cannotStartMessage(download.cause));
  const installed = findElectronBinary(ROOT);
  if (!installed.found) throw new CannotStart(cannotStartMessage(installed.reason));
  return installed.path;
}

/** Runs a command in the foreground, passing on Ctrl-C and termination as electron's own cli.js does. */
function foreground(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: 'inherit' });
    const forward = (signal: NodeJS.Signals) => () => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    };
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, forward(signal));
    child.on('error', reject);
    child.on('close', (code) => resolve(code ?? 1));
  });
}

async function main(): Promise<number> {
  const dev = process.argv.includes('--dev');
  const passOn = process.argv.slice(2).filter((arg) => arg !== '--dev');
  const binary = await electronBinary();
  // An inherited ELECTRON_RUN_AS_NODE would turn Electron into plain Node and the app would not open.
  const env: NodeJS.ProcessEnv = { ...process.env, ELECTRON_RUN_AS_NODE: undefined };
  if (dev) return foreground(process.execPath, [electronViteCli(ROOT), 'dev', ...passOn], { ...env, ELECTRON_EXEC_PATH: binary });
  await buildApp({ root: ROOT });
  return foreground(binary, [ROOT, ...passOn], env);
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(error instanceof CannotStart ? error.message : `Merchant Console cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
