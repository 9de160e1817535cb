import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rawRequest, sign } from './helpers.ts';

const CLI = fileURLToPath(new URL('../cli.ts', import.meta.url));

/** Runs the cli with plain `node` (type stripping), waits for its banner, and returns a stopper. */
function runCli(args: string[]) {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      if (output.includes('Press Ctrl-C to stop.')) resolve(output);
    });
    child.on('exit', () => reject(new Error(`cli exited early:\n${output}`)));
  });
  ready.catch(() => undefined); // a test that expects an early exit does not wait for the banner
  return { child, ready, exited, output: () => output };
}

describe('cli (node electron/sandbox/cli.ts)', () => {
  it('runs with plain node, prints the base URL and merchants, serves, and stops cleanly on SIGTERM', async () => {
    const cli = runCli(['--port', '0', '--merchant', 'cli-key:cli-secret', '--merchant', 'k2:s:with:colons', '--seed', '5']);
    const banner = await cli.ready;
    const baseUrl = /Base URL: (\S+)/.exec(banner)?.[1] ?? '';
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v2$/);
    expect(banner).toContain('cli-key');
    expect(banner).toContain('k2');
    expect(banner).not.toContain('cli-secret');
    expect((await rawRequest(`${baseUrl}/ping`, 'GET', undefined, {})).text).toBe('OK');
    const body = '{}';
    const signed = await rawRequest(`${baseUrl}/currencies/pairs`, 'POST', body, {
      'content-type': 'application/json',
      'x-processing-key': 'k2',
      'x-processing-signature': sign('s:with:colons', body),
    });
    expect(signed.status).toBe(200);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
    expect(cli.output()).toContain('stopping the sandbox');
  });

  it('makes up a merchant and prints its credentials when none is given; stops on SIGINT', async () => {
    const cli = runCli(['--port', '0']);
    const banner = await cli.ready;
    const key = /API key:\s+(\S+)/.exec(banner)?.[1] ?? '';
    const secret = /Secret key:\s+(\S+)/.exec(banner)?.[1] ?? '';
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const baseUrl = /Base URL: (\S+)/.exec(banner)?.[1] ?? '';
    const body = '{"currency_from":"BTC"}';
    const res = await rawRequest(`${baseUrl}/currencies/pairs`, 'POST', body, {
      'content-type': 'application/json',
      'x-processing-key': key,
      'x-processing-signature': sign(secret, body),
    });
    expect(res.status).toBe(200);
    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(0);
  });

  it('refuses a malformed --merchant with a usage message', async () => {
    const cli = runCli(['--port', '0', '--merchant', 'no-secret']);
    expect(await cli.exited).toBe(2);
    expect(cli.output()).toContain('--merchant takes KEY:SECRET');
    expect(cli.output()).toContain('Usage:');
  });
});
