import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { signBody } from '../../platform/api/index.ts';
import { MERCHANTS_ENV } from './index.ts';
import { allEvents, invoiceCallback, killHard, sendCallback, sendToPausedAndKill, spawnReceiver, statusOf } from './testing/callbacks.ts';
import type { ReceiverProcess } from './testing/callbacks.ts';

/**
 * A receiver process SIGKILLed at points of a write, with its SQLite file: the service, which heard
 * no 200, sends the callback again, to a receiver started anew on the same file, and the event is
 * stored once. (The PostgreSQL store's kills, inside its transaction, are in receiver.pg.test.ts.)
 */

const MERCHANT = { key: 'kill-test-key', secret: 'kill-test-secret-0123456789' };
const CLI = join(import.meta.dirname, 'cli.ts');
const PAUSED = join(import.meta.dirname, 'testing', 'paused-receiver.ts');

let dir: string;
let file: string;
let running: ReceiverProcess[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'receiver-kill-'));
  file = join(dir, 'events.sqlite');
  writeFileSync(join(dir, 'merchants.json'), JSON.stringify([MERCHANT]));
  running = [];
});
afterEach(async () => {
  for (const receiver of running) if (receiver.child.exitCode === null && receiver.child.signalCode === null) await killHard(receiver);
  rmSync(dir, { recursive: true, force: true });
});

async function cliReceiver(): Promise<ReceiverProcess> {
  const receiver = await spawnReceiver(CLI, ['--port', '0', '--merchants', join(dir, 'merchants.json'), '--store', `sqlite:${file}`], { PATH: process.env['PATH'] });
  running.push(receiver);
  return receiver;
}

function storedRows(): number {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM callback_events').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

it('killed after the event is on disk and before the 200 went out: the retry is answered 200 and the event is stored once', async () => {
  const paused = await spawnReceiver(PAUSED, [`sqlite:${file}`], { PATH: process.env['PATH'], [MERCHANTS_ENV]: JSON.stringify([MERCHANT]) });
  running.push(paused);
  const body = invoiceCallback(901, 'confirmed');
  expect(await sendToPausedAndKill(paused, MERCHANT, body)).toBe('no answer');
  expect(storedRows()).toBe(1);

  const next = await cliReceiver();
  expect((await sendCallback(next.url, MERCHANT, body)).status).toBe(200);
  expect(next.output()).toContain('"msg":"callback already stored"');
  expect((await allEvents(next.url, MERCHANT)).map((event) => `${event.id} ${event.status}`)).toEqual(['901 confirmed']);
});

it('killed while the callback is still arriving: nothing is stored, and the retry stores it once', async () => {
  const receiver = await cliReceiver();
  const body = invoiceCallback(902, 'processing');
  const half = Buffer.byteLength(body) >> 1;
  const cut = new Promise<string>((resolve) => {
    const req = request(`${receiver.url}/callbacks`, {
      method: 'POST',
      headers: { 'content-length': String(Buffer.byteLength(body)), 'X-Processing-Key': MERCHANT.key, 'X-Processing-Signature': signBody(body, MERCHANT.secret) },
    });
    req.on('response', (res) => resolve(`answered ${res.statusCode}`));
    req.on('error', () => resolve('no answer'));
    req.write(body.slice(0, half), () => void killHard(receiver));
  });
  expect(await cut).toBe('no answer');
  await receiver.exited;
  expect(storedRows()).toBe(0);

  const next = await cliReceiver();
  expect((await sendCallback(next.url, MERCHANT, body)).status).toBe(200);
  expect((await sendCallback(next.url, MERCHANT, body)).status).toBe(200);
  expect(storedRows()).toBe(1);
});

it('killed while another process holds the file: nothing half-written, and the retry stores it once', async () => {
  const receiver = await cliReceiver();
  const body = invoiceCallback(903, 'processing');
  const holder = new DatabaseSync(file);
  holder.exec('BEGIN EXCLUSIVE');
  // The receiver waits for the lock inside its write (up to its busy timeout): killed during that wait.
  const sent = statusOf(sendCallback(receiver.url, MERCHANT, body));
  await new Promise((resolve) => setTimeout(resolve, 300));
  await killHard(receiver);
  expect(await sent).toBe('no answer');
  holder.exec('ROLLBACK');
  holder.close();
  expect(storedRows()).toBe(0);

  const next = await cliReceiver();
  expect((await sendCallback(next.url, MERCHANT, body)).status).toBe(200);
  expect(storedRows()).toBe(1);
});
