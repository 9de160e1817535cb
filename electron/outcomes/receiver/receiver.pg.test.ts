import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { teamDatabaseForTest } from '../../platform/journal/testing/team-database.ts';
import type { TeamDatabase } from '../../platform/journal/testing/team-database.ts';
import type { PostgresAddress } from '../../platform/journal/testing/postgres-server.ts';
import { jsonLinesLog, MERCHANTS_ENV, openReceiverStore, readMerchants, startReceiver } from './index.ts';
import type { EventStore, Receiver } from './index.ts';
import { RECEIVER_APPLICATION_NAME } from './store-postgres.ts';
import { allEvents, invoiceCallback, killHard, sendCallback, sendToPausedAndKill, spawnReceiver, statusOf } from './testing/callbacks.ts';
import type { ReceiverProcess } from './testing/callbacks.ts';

/**
 * The PostgreSQL store on a real server: several receivers on one database never record an event
 * twice, an outage answers 503 and the retry is stored, and a receiver killed inside its
 * transaction leaves nothing behind.
 */

const MERCHANT = { key: 'pg-receiver-key', secret: 'pg-receiver-secret-0123456789' };
const CLI = join(import.meta.dirname, 'cli.ts');
const PAUSED = join(import.meta.dirname, 'testing', 'paused-receiver.ts');

let address: PostgresAddress;
let team: TeamDatabase;
let admin: pg.Client;
let storeUrl: string;
let dir: string;
const opened: { receiver: Receiver; store: EventStore }[] = [];
const processes: ReceiverProcess[] = [];
let logged: string[];

beforeAll(async () => {
  const shared = inject('postgres');
  if ('unavailable' in shared) throw new Error(`The tests' PostgreSQL server could not start: ${shared.unavailable}`);
  address = shared.address;
  team = await teamDatabaseForTest('receiver');
  storeUrl = `postgres://${team.user}@${team.host}:${team.port}/${team.database}`;
  admin = new pg.Client({ host: address.host, port: address.port, user: address.admin.user, password: address.admin.password, database: team.database });
  await admin.connect();
  dir = mkdtempSync(join(tmpdir(), 'receiver-pg-'));
  writeFileSync(join(dir, 'merchants.json'), JSON.stringify([MERCHANT]));
  writeFileSync(join(dir, 'pgpassword'), `${team.password}\n`, { mode: 0o600 });
}, 60_000);
afterAll(async () => {
  await admin?.end();
  await team?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  logged = [];
  // Each test starts from an empty table (made by the first receiver).
  await admin.query('DROP TABLE IF EXISTS public.callback_events');
});
afterEach(async () => {
  for (const { receiver, store } of opened.splice(0)) {
    await receiver.close();
    await store.close();
  }
  for (const receiver of processes.splice(0)) if (receiver.child.exitCode === null && receiver.child.signalCode === null) await killHard(receiver);
  await admin.query(`ALTER DATABASE ${team.database} CONNECTION LIMIT -1`);
});

async function receiverInProcess(): Promise<Receiver> {
  const store = await openReceiverStore(storeUrl, { env: { PGPASSWORD: team.password } });
  const receiver = await startReceiver({ merchants: readMerchants(JSON.stringify([MERCHANT]), 'test'), store, log: jsonLinesLog((line) => logged.push(line)) });
  opened.push({ receiver, store });
  return receiver;
}

/** A store of its own for a test, closed after it. */
async function storeInProcess(): Promise<EventStore> {
  const store = await openReceiverStore(storeUrl, { env: { PGPASSWORD: team.password } });
  opened.push({ receiver: { url: '', port: 0, close: () => Promise.resolve() }, store });
  return store;
}

/** A pending invoice event, ready to store. */
const pendingInvoice = (id: number, receivedAt = '2026-11-27T03:00:00.000Z') => ({
  account: MERCHANT.key,
  signedKey: MERCHANT.key,
  type: 'invoice',
  objectId: String(id),
  status: 'pending',
  eventKey: JSON.stringify(['invoice', String(id), 'pending', '']),
  body: invoiceCallback(id, 'pending'),
  receivedAt,
});

async function cliReceiver(): Promise<ReceiverProcess> {
  const receiver = await spawnReceiver(
    CLI,
    ['--port', '0', '--merchants', join(dir, 'merchants.json'), '--store', storeUrl, '--pg-password-file', join(dir, 'pgpassword')],
    { PATH: process.env['PATH'] },
  );
  processes.push(receiver);
  return receiver;
}

const rows = async () => (await admin.query<{ object_id: string; status: string }>('SELECT object_id, status FROM public.callback_events ORDER BY seq')).rows;

/** The receivers' server processes now: their pid and what they wait for. */
const receiverBackends = async () =>
  (
    await admin.query<{ pid: number; wait_event_type: string | null; state: string }>(
      'SELECT pid, wait_event_type, state FROM pg_stat_activity WHERE datname = $1 AND application_name = $2',
      [team.database, RECEIVER_APPLICATION_NAME],
    )
  ).rows;

async function until(what: string, condition: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Still not so after 10 s: ${what}`);
}

describe('the PostgreSQL store', () => {
  it('stores, de-duplicates and reads back the events, with numbers exact', async () => {
    const receiver = await receiverInProcess();
    const exact = '{"id":11,"type":"deposit","status":"confirmed","currency_received":{"currency":"ETH","amount":0.100000000000000000000001}}';
    expect((await sendCallback(receiver.url, MERCHANT, exact)).status).toBe(200);
    expect((await sendCallback(receiver.url, MERCHANT, exact)).status).toBe(200);
    expect((await sendCallback(receiver.url, MERCHANT, invoiceCallback(12, 'processing'))).status).toBe(200);
    expect(await rows()).toEqual([
      { object_id: '11', status: 'confirmed' },
      { object_id: '12', status: 'processing' },
    ]);
    const events = await allEvents(receiver.url, MERCHANT);
    expect(events.map((event) => event.id)).toEqual(['11', '12']);
    expect(events[0]?.received_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const page = await fetch(`${receiver.url}/health`);
    expect(page.status).toBe(200);
    expect(logged.join('')).not.toContain(team.password);
  });

  it('two receivers taking the same callbacks at once record each event once, in one order', async () => {
    const [one, two] = [await receiverInProcess(), await receiverInProcess()];
    const bodies = Array.from({ length: 15 }, (_, i) => invoiceCallback(100 + i, i % 3 === 0 ? 'confirmed' : 'processing'));
    const answers = await Promise.all(bodies.flatMap((body) => [sendCallback(one.url, MERCHANT, body), sendCallback(two.url, MERCHANT, body), sendCallback(two.url, MERCHANT, body)]));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect((await rows()).map((row) => row.object_id).sort()).toEqual(bodies.map((_, i) => String(100 + i)).sort());
    const viaOne = await allEvents(one.url, MERCHANT);
    const viaTwo = await allEvents(two.url, MERCHANT);
    expect(viaOne).toEqual(viaTwo);
    const cursors = viaOne.map((event) => BigInt(event.cursor));
    expect(cursors).toEqual([...cursors].sort((a, b) => (a < b ? -1 : 1)));
  });

  it('commits events that come together in one transaction, a second copy not again, and refuses an event the INSERT refuses alone', async () => {
    const store = await storeInProcess();
    const event = pendingInvoice;
    const answers = await Promise.all([event(31), event(32), event(31), event(33)].map((e) => store.record(e)));
    expect(answers.map((answer) => answer.stored)).toEqual([true, true, false, true]);
    // Rows written by one transaction carry its id.
    const written = (await admin.query<{ object_id: string; xmin: string }>('SELECT object_id, xmin::text AS xmin FROM public.callback_events ORDER BY seq')).rows;
    expect(written.map((row) => row.object_id)).toEqual(['31', '32', '33']);
    expect(new Set(written.map((row) => row.xmin)).size).toBe(1);

    const mixed = await Promise.allSettled([event(41), event(42, 'not a time'), event(43)].map((e) => store.record(e)));
    expect(mixed.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await rows()).map((row) => row.object_id)).toEqual(['31', '32', '33', '41', '43']);
  });

  it('shows a reader no event while a write with a lower cursor is still in flight, so no reader skips one committed late', async () => {
    const store = await storeInProcess();
    const event = (id: number) => pendingInvoice(id);
    expect(await store.record(event(50))).toMatchObject({ stored: true });
    // Another receiver's write, as the store makes it: the shared lock, then its cursor, and not yet committed.
    const late = new pg.Client({ host: address.host, port: address.port, user: address.admin.user, password: address.admin.password, database: team.database });
    await late.connect();
    try {
      await late.query('BEGIN');
      await late.query(`SELECT pg_catalog.pg_advisory_xact_lock_shared(pg_catalog.hashtextextended('merchant-console callback_events'::text, 0::bigint))`);
      const lower = (
        await late.query<{ seq: string }>(
          `INSERT INTO public.callback_events (account, signed_key, type, object_id, status, event_key, body, received_at)
           VALUES ($1, $1, 'invoice', '51', 'pending', $2, $3, now()) RETURNING seq::text AS seq`,
          [MERCHANT.key, JSON.stringify(['invoice', '51', 'pending', '']), invoiceCallback(51, 'pending')],
        )
      ).rows[0]?.seq;
      // A write that draws a higher cursor and commits first.
      const higher = await store.record(event(52));
      expect(higher).toMatchObject({ stored: true });
      expect(BigInt(higher.stored ? higher.cursor : '0')).toBeGreaterThan(BigInt(lower ?? '0'));
      const read = store.after(MERCHANT.key, '0', 100);
      await until('the reader waits for the write in flight', async () =>
        (await admin.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND application_name = $2 AND wait_event = 'advisory'`, [team.database, RECEIVER_APPLICATION_NAME])).rows[0]?.n === 1,
      );
      await late.query('COMMIT');
      expect((await read).map((stored) => stored.objectId)).toEqual(['50', '51', '52']);
    } finally {
      await late.end();
    }
  });

  it('answers 503 while the database refuses it, says so on /health, and the retry is stored once', async () => {
    const receiver = await receiverInProcess();
    const body = invoiceCallback(21, 'confirmed');
    await admin.query(`ALTER DATABASE ${team.database} CONNECTION LIMIT 0`);
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND application_name = $2', [team.database, RECEIVER_APPLICATION_NAME]);
    expect(await sendCallback(receiver.url, MERCHANT, body)).toMatchObject({ status: 503, body: { code: 'storage_unavailable' } });
    expect((await fetch(`${receiver.url}/health`)).status).toBe(503);
    expect(logged.some((line) => line.includes('"msg":"callback not stored"'))).toBe(true);
    await admin.query(`ALTER DATABASE ${team.database} CONNECTION LIMIT -1`);
    expect((await sendCallback(receiver.url, MERCHANT, body)).status).toBe(200);
    expect((await sendCallback(receiver.url, MERCHANT, body)).status).toBe(200);
    expect((await fetch(`${receiver.url}/health`)).status).toBe(200);
    expect(await rows()).toEqual([{ object_id: '21', status: 'confirmed' }]);
  });

  it('refuses a password in the URL, and reads it from a file or PGPASSWORD instead', async () => {
    await expect(openReceiverStore(`postgres://${team.user}:${team.password}@${team.host}:${team.port}/${team.database}`, { env: {} })).rejects.toThrow(
      /Do not put the PostgreSQL password in the URL/,
    );
    const fromFile = await openReceiverStore(storeUrl, { passwordFile: join(dir, 'pgpassword'), env: {} });
    await fromFile.check();
    await fromFile.close();
  });
});

describe('a receiver killed at points of a PostgreSQL write', () => {
  it('killed inside its transaction, waiting for the table: nothing is stored, and the retry stores it once', async () => {
    const receiver = await cliReceiver();
    const body = invoiceCallback(31, 'processing');
    const holder = new pg.Client({ host: address.host, port: address.port, user: address.admin.user, password: address.admin.password, database: team.database });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE public.callback_events IN ACCESS EXCLUSIVE MODE');
      const sent = statusOf(sendCallback(receiver.url, MERCHANT, body));
      await until('the receiver waits for the table inside its transaction', async () => (await receiverBackends()).some((backend) => backend.wait_event_type === 'Lock'));
      await killHard(receiver);
      expect(await sent).toBe('no answer');
      // The server abandons the dead receiver's write while it still waits (client_connection_check_interval):
      // it does not commit it for no one once the table is free.
      await until('the killed receiver is gone from the server', async () => (await receiverBackends()).length === 0);
      await holder.query('ROLLBACK');
    } finally {
      await holder.end();
    }
    expect(await rows()).toEqual([]);
    expect(receiver.output()).not.toContain(team.password);

    const next = await cliReceiver();
    expect((await sendCallback(next.url, MERCHANT, body)).status).toBe(200);
    expect((await sendCallback(next.url, MERCHANT, body)).status).toBe(200);
    expect(await rows()).toEqual([{ object_id: '31', status: 'processing' }]);
  });

  it('killed after its commit and before the 200: the retry is answered 200 and stored once', async () => {
    const paused = await spawnReceiver(PAUSED, [storeUrl], { PATH: process.env['PATH'], PGPASSWORD: team.password, [MERCHANTS_ENV]: JSON.stringify([MERCHANT]) });
    processes.push(paused);
    const body = invoiceCallback(32, 'confirmed');
    expect(await sendToPausedAndKill(paused, MERCHANT, body)).toBe('no answer');
    expect(await rows()).toEqual([{ object_id: '32', status: 'confirmed' }]);

    const next = await cliReceiver();
    expect((await sendCallback(next.url, MERCHANT, body)).status).toBe(200);
    expect(await rows()).toEqual([{ object_id: '32', status: 'confirmed' }]);
  });
});
