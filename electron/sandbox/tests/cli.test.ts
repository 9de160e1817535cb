import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { invoiceBody, rawRequest, sign } from './helpers.ts';

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

  it('posts signed callbacks to --callback-url: an invoice paid through the control endpoints is told within a tick', async () => {
    const bodies: Array<{ key: unknown; signature: unknown; body: string }> = [];
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        bodies.push({ key: req.headers['x-processing-key'], signature: req.headers['x-processing-signature'], body: Buffer.concat(chunks).toString('utf8') });
        res.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/callbacks`;
    const cli = runCli(['--port', '0', '--merchant', 'cb-key:cb-secret', '--callback-url', url]);
    try {
      const banner = await cli.ready;
      expect(banner).toContain(`Callbacks: ${url}`);
      const baseUrl = /Base URL: (\S+)/.exec(banner)?.[1] ?? '';
      const origin = new URL(baseUrl).origin;
      const body = JSON.stringify(invoiceBody({ foreign_id: 'cli-cb-1' }));
      const created = await rawRequest(`${baseUrl}/invoices/create`, 'POST', body, { 'content-type': 'application/json', 'x-processing-key': 'cb-key', 'x-processing-signature': sign('cb-secret', body) });
      expect(created.status).toBe(201);
      const id = created.json.data.id as number;
      const json = { 'content-type': 'application/json' };
      const fixed = await rawRequest(`${origin}/sandbox/invoices/${id}/currency`, 'POST', '{"currency":"BTC"}', json);
      expect(fixed.status).toBe(200);
      const paid = await rawRequest(`${origin}/sandbox/invoices/${id}/pay`, 'POST', JSON.stringify({ amount: fixed.json.data.sender_amount, currency: 'BTC' }), json);
      expect(paid.status).toBe(201);
      await expect.poll(() => bodies.length, { timeout: 10_000 }).toBeGreaterThan(0);
      const [first] = bodies;
      expect(first?.key).toBe('cb-key');
      expect(first?.signature).toBe(sign('cb-secret', first?.body ?? ''));
      expect(JSON.parse(first?.body ?? '{}')).toMatchObject({ id, type: 'invoice', status: 'pending', foreign_id: 'cli-cb-1' });
    } finally {
      cli.child.kill('SIGTERM');
      await cli.exited;
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  it('refuses a --callback-url that is not an http(s) address', async () => {
    const cli = runCli(['--port', '0', '--callback-url', 'ftp://example.com/x']);
    expect(await cli.exited).toBe(2);
    expect(cli.output()).toContain('--callback-url takes an http(s) address');
  });

  it('refuses a malformed --merchant with a usage message', async () => {
    const cli = runCli(['--port', '0', '--merchant', 'no-secret']);
    expect(await cli.exited).toBe(2);
    expect(cli.output()).toContain('--merchant takes KEY:SECRET');
    expect(cli.output()).toContain('Usage:');
  });

  it('holds withdrawals over --withdrawal-limit (EUR) for every merchant, and says how to decide them', async () => {
    const cli = runCli(['--port', '0', '--merchant', 'wl-key:wl-secret', '--withdrawal-limit', '1000']);
    try {
      const banner = await cli.ready;
      expect(banner).toMatch(/Withdrawals over 1000 EUR are held as pending: POST http:\/\/127\.0\.0\.1:\d+\/sandbox\/withdrawals\/<id>\/approve or \/decline/);
      const origin = new URL(/Base URL: (\S+)/.exec(banner)?.[1] ?? '').origin;
      const state = await rawRequest(`${origin}/sandbox/state`, 'GET', undefined, {});
      expect(state.json.merchants).toEqual([{ key: 'wl-key', name: 'Merchant 1', withdrawal_limit: '1000' }]);
    } finally {
      cli.child.kill('SIGTERM');
      await cli.exited;
    }
  });

  it('refuses a --withdrawal-limit that is not an amount', async () => {
    const cli = runCli(['--port', '0', '--withdrawal-limit', 'lots']);
    expect(await cli.exited).toBe(2);
    expect(cli.output()).toContain('--withdrawal-limit takes an amount of EUR');
  });
});
