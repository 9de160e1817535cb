import { spawn } from 'node:child_process';
import { expect } from 'vitest';

/**
 * Runs a kill test's child process (main's services, which kill themselves at a step) until it dies
 * by SIGKILL. `killWhen`, when given, is awaited first, and the parent then kills the child itself
 * (a request held on the wire). Answers the child's output, stdout and stderr.
 */
export async function runUntilKilled(args: readonly string[], killWhen?: () => Promise<unknown>): Promise<string> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | null>((done) => child.on('exit', (_code, signal) => done(signal)));
  if (killWhen) {
    try {
      await killWhen();
    } finally {
      child.kill('SIGKILL');
    }
  }
  expect(await exited, output).toBe('SIGKILL');
  return output;
}
