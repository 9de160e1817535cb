import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withDeadline } from './deadline.ts';
import { secretServiceState } from './secret-service.ts';

/**
 * A Secret Service of the preview's own where the machine has none it can use: what `npm test` makes
 * with `dbus-run-session` and `gnome-keyring-daemon --unlock` (scripts/test.sh), a D-Bus session bus
 * and an unlocked keyring in a folder of its own. The bus is started here rather than by wrapping
 * the preview in dbus-run-session: Ctrl-C in a terminal reaches the whole foreground process group,
 * and the bus and the keyring must outlive the app's own clean-up (which removes its keychain
 * entries), so both run in a process group of their own and go only when the preview stops them.
 */

export type PrivateKeyring = {
  /** DBUS_SESSION_BUS_ADDRESS of the private bus. */
  address: string;
  /** Ends the bus (gnome-keyring leaves with it) and removes the keyring's folder. Synchronous, for process 'exit'. */
  stop(): void;
};

/** How long the private keyring may take to answer before the preview gives up and says why. */
export const PRIVATE_KEYRING_DEADLINE_MS = 15_000;

const endGroup = (child: ChildProcess) => {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
};

/** The first line `child` prints: dbus-daemon --print-address prints its address and keeps running. */
function firstLine(child: ChildProcess, name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    child.on('error', (error) => reject(new Error(`${name} could not be started (${error.message})`)));
    child.on('exit', (code) => reject(new Error(`${name} exited (code ${code}) before it was ready`)));
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
      const line = text.split('\n');
      if (line.length > 1) resolve(line[0]?.trim() ?? '');
    });
  });
}

/** gnome-keyring-daemon --unlock reads the new keyring's password from stdin, starts the daemon and exits. */
function unlockedKeyring(address: string, home: string): Promise<void> {
  const keyring = spawn('gnome-keyring-daemon', ['--unlock', '--components=secrets'], {
    // Its keyrings (XDG_DATA_HOME) and control socket (XDG_RUNTIME_DIR) in the private folder, never
    // beside a person's own keyring.
    env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: address, XDG_DATA_HOME: join(home, 'data'), XDG_RUNTIME_DIR: join(home, 'run') },
    stdio: ['pipe', 'ignore', 'inherit'],
    detached: true,
  });
  keyring.stdin.end(randomBytes(16).toString('hex'));
  return new Promise((resolve, reject) => {
    keyring.on('error', (error) => reject(new Error(`gnome-keyring-daemon could not be started (${error.message})`)));
    keyring.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`gnome-keyring-daemon --unlock exited with code ${code}`))));
  });
}

/**
 * Starts the bus and the keyring and waits, at most PRIVATE_KEYRING_DEADLINE_MS, until the keyring
 * answers as the app needs it (secret-service.ts); otherwise stops what it started and rejects with
 * the reason in plain words.
 */
export async function startPrivateKeyring(): Promise<PrivateKeyring> {
  const deadline = Date.now() + PRIVATE_KEYRING_DEADLINE_MS;
  const home = mkdtempSync(join(tmpdir(), 'merchant-console-preview-keyring-'));
  mkdirSync(join(home, 'run'), { mode: 0o700 });
  const bus = spawn('dbus-daemon', ['--session', '--nofork', '--print-address=1'], { stdio: ['ignore', 'pipe', 'ignore'], detached: true });
  const stop = () => {
    endGroup(bus);
    rmSync(home, { recursive: true, force: true });
  };
  try {
    const address = await withDeadline(firstLine(bus, 'dbus-daemon'), deadline - Date.now(), 'dbus-daemon gave no address');
    await withDeadline(unlockedKeyring(address, home), deadline - Date.now(), 'gnome-keyring-daemon --unlock did not finish');
    for (;;) {
      const state = await withDeadline(secretServiceState(address), deadline - Date.now(), 'the keyring did not answer');
      if (state.usable) return { address, stop };
      if (Date.now() > deadline) throw new Error(state.why);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } catch (error) {
    stop();
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(
      `the preview's private keyring could not be used within ${PRIVATE_KEYRING_DEADLINE_MS / 1000} s (${why}): it needs dbus-daemon and gnome-keyring-daemon (apt-get install dbus gnome-keyring), or run the preview in a desktop session with an unlocked keyring`,
      { cause: error },
    );
  }
}
