import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from '../../e2e/harness/build.ts';
import { signBody } from '../../electron/platform/api/index.ts';
import { signedReadHeaders } from '../../electron/outcomes/index.ts';
import { runCommand, stillRunning } from './run-command.ts';

// docs/receiver.md, "Running it": the documented `npm run receiver -- ...` line, run through npm as
// written, its paths and port swapped for a temp folder and a free port (every option it names is
// kept). It takes a signed callback, serves it back on /events, and stops cleanly on Ctrl-C.

const DOC_LINE = /^npm run receiver -- (.+)$/m.exec(readFileSync(join(ROOT, 'docs/receiver.md'), 'utf8'))?.[1] ?? 'not found in docs/receiver.md';
const MERCHANT = { key: 'readme-receiver-key', secret: 'readme-receiver-secret-0123' };

it('npm run receiver, as docs/receiver.md gives it, takes a signed callback, serves it back and stops on Ctrl-C', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'receiver-command-'));
  try {
    writeFileSync(join(dir, 'merchants.json'), JSON.stringify([MERCHANT]), { mode: 0o600 });
    const args = DOC_LINE.split(/\s+/);
    const swap = (option: string, value: string) => {
      const at = args.indexOf(option);
      expect(at, `docs/receiver.md's command has ${option}`).toBeGreaterThanOrEqual(0);
      args[at + 1] = value;
    };
    swap('--port', '0');
    swap('--merchants', join(dir, 'merchants.json'));
    swap('--store', `sqlite:${join(dir, 'callbacks.sqlite')}`);
    const receiver = runCommand('npm', ['run', 'receiver', '--', ...args], { cwd: ROOT, deadlineMs: 60_000 });
    const started = await receiver.waitFor(/"msg":"listening"/);
    const url = /"url":"([^"]+)"/.exec(started)?.[1] ?? '';
    const body = '{"id":1,"type":"invoice","status":"confirmed","currency_sent":{"currency":"BTC","amount":0.00125000,"remaining_amount":"0"}}';
    const sent = await fetch(`${url}/callbacks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Processing-Key': MERCHANT.key, 'X-Processing-Signature': signBody(body, MERCHANT.secret) },
      body,
    });
    expect(sent.status).toBe(200);
    expect((await fetch(`${url}/health`)).status).toBe(200);
    const read = await fetch(`${url}/events?after=0`, { headers: signedReadHeaders(MERCHANT, '/events?after=0') });
    expect(await read.text()).toContain('"amount":0.00125000');
    const processes = receiver.descendants();
    receiver.interrupt();
    const { code, signal, output } = await receiver.exited;
    // The receiver exits 0; npm's shell around it ends on Ctrl-C by SIGINT, as shells do.
    expect({ code, signal, output }).toMatchObject(code === 0 ? { code: 0 } : { signal: 'SIGINT' });
    await expect.poll(() => stillRunning(processes), { timeout: 10_000 }).toEqual([]);
    expect(output).toContain('"msg":"stopping"');
    expect(output).not.toContain(MERCHANT.secret);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
