import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { killHard, spawnReceiver } from './testing/callbacks.ts';

/** The receiver's command line: no secret is taken from it, and a file of secrets others may read is named in the log. */

const CLI = join(import.meta.dirname, 'cli.ts');
const SECRET = 'cli-test-secret-do-not-echo';
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'receiver-cli-'));
  writeFileSync(join(dir, 'merchants.json'), JSON.stringify([{ key: 'cli-key', secret: SECRET }]));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const run = (args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env: { PATH: process.env['PATH'] } });

it('takes no secret on the command line: an unknown option or a password in the URL stops it, without echoing the value', () => {
  const option = run(['--port', '0', '--merchants', join(dir, 'merchants.json'), `--secret=${SECRET}`]);
  expect(option.status).toBe(2);
  expect(option.stderr).toContain("Unknown option '--secret'");
  const url = run(['--port', '0', '--merchants', join(dir, 'merchants.json'), '--store', `postgres://receiver:${SECRET}@127.0.0.1:1/db`]);
  expect(url.status).toBe(2);
  expect(url.stderr).toContain('Do not put the PostgreSQL password in the URL');
  for (const result of [option, url]) expect(result.stdout + result.stderr).not.toContain(SECRET);
});

it('refuses to start without a port or a list of merchants, saying which', () => {
  expect(run(['--merchants', join(dir, 'merchants.json')]).stderr).toContain('--port PORT');
  const none = run(['--port', '0']);
  expect(none.status).toBe(2);
  expect(none.stderr).toContain('--merchants FILE');
  writeFileSync(join(dir, 'bad.json'), `[{"key": "k", "secret": "${SECRET}"`);
  const bad = run(['--port', '0', '--merchants', join(dir, 'bad.json')]);
  expect(bad.stderr).toContain('is not JSON');
  expect(bad.stdout + bad.stderr).not.toContain(SECRET);
});

it('warns when the merchants file is readable by other users, and not once it is chmod 600', async () => {
  const file = join(dir, 'merchants.json');
  const store = ['--store', `sqlite:${join(dir, 'events.sqlite')}`];
  chmodSync(file, 0o644);
  const open = await spawnReceiver(CLI, ['--port', '0', '--merchants', file, ...store], { PATH: process.env['PATH'] });
  await killHard(open);
  expect(open.output()).toContain('"msg":"a file of secrets is readable by other users"');
  chmodSync(file, 0o600);
  const closed = await spawnReceiver(CLI, ['--port', '0', '--merchants', file, ...store], { PATH: process.env['PATH'] });
  await killHard(closed);
  expect(closed.output()).not.toContain('readable by other users');
});
