import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

/**
 * A README command run for real, as a person's shell would: its own process group (so that Ctrl-C
 * can be sent the way a terminal sends it, to the whole group, and a deadline ends everything it
 * started), its stdout and stderr collected, and the processes it started visible while it runs.
 */

export type RunningCommand = {
  pid: number;
  output(): string;
  /** Resolves with the output so far once `pattern` appears on stdout; rejects if the command exits first. */
  waitFor(pattern: RegExp): Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>;
  /** Every process below the command now (by parent pid, from /proc), however deep. */
  descendants(): number[];
  /** Ctrl-C in a terminal: SIGINT to the command's whole foreground process group. */
  interrupt(): void;
};

export type CommandOptions = { cwd: string; env?: NodeJS.ProcessEnv; deadlineMs: number };

export function runCommand(file: string, args: string[], options: CommandOptions): RunningCommand {
  const child = spawn(file, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${file} could not be started`);
  let stdout = '';
  let output = '';
  const listeners = new Set<() => void>();
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    output += chunk;
    for (const listener of listeners) listener();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  // The deadline ends the whole group, so that a hung command fails its test instead of outliving it.
  const deadline = setTimeout(() => signalGroup(pid, 'SIGKILL'), options.deadlineMs);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(deadline);
      for (const listener of listeners) listener();
      resolve({ code, signal, output });
    });
  });
  let closed = false;
  void exited.then(() => (closed = true), () => (closed = true));

  function waitFor(pattern: RegExp): Promise<string> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (pattern.test(stdout)) {
          listeners.delete(check);
          resolve(output);
        } else if (closed) {
          listeners.delete(check);
          reject(new Error(`${file} ${args.join(' ')} exited before printing ${String(pattern)}:\n${output}`));
        }
      };
      listeners.add(check);
      check();
    });
  }

  return {
    pid,
    output: () => output,
    waitFor,
    exited,
    descendants: () => descendantsOf(pid),
    interrupt: () => signalGroup(pid, 'SIGINT'),
  };
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}

/** The pid's parent and state from /proc/<pid>/stat (the command name may hold spaces and parentheses). */
function stat(pid: number): { parent: number; state: string } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, parent] = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { parent: Number(parent), state: state ?? '' };
  } catch {
    return undefined;
  }
}

function descendantsOf(root: number): number[] {
  const parents = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const info = stat(Number(name));
    if (info) parents.set(info.parent, [...(parents.get(info.parent) ?? []), Number(name)]);
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    for (const child of parents.get(queue.shift() ?? -1) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/** The ones of `pids` still running (a zombie has ended; only its parent has not collected it yet). */
export function stillRunning(pids: number[]): number[] {
  return pids.filter((pid) => {
    const info = stat(pid);
    return info !== undefined && info.state !== 'Z';
  });
}
