import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentOutcomes } from '../../../shared/api/index.ts';
import { signBody } from '../../platform/api/index.ts';
import { jsonLinesLog, openReceiverStore, readMerchants, READ_WINDOW_SECONDS, signedReadHeaders, startReceiver } from './index.ts';
import type { EventStore, Receiver } from './index.ts';
import { allEvents, invoiceCallback, readEvents, sendCallback } from './testing/callbacks.ts';

/**
 * The receiver over real HTTP on loopback, with a real SQLite file: bad input and faults
 * (docs/receiver.md). The PostgreSQL store and killed processes have files of their own.
 */

const ANA = { key: 'merchant-key-ana', secret: 'ana-secret-0123456789abcdef' };
const BEN = { key: 'merchant-key-ben', secret: 'ben-secret-fedcba9876543210' };
/** Ana's secret while it is rotated: the same key, a second secret. */
const ANA_NEXT = { key: ANA.key, secret: 'ana-next-secret-00112233' };

let dir: string;
let store: EventStore;
let receiver: Receiver;
let logged: string[];
let clock: number;

async function start(options: { maxBodyBytes?: number } = {}) {
  store = await openReceiverStore(`sqlite:${join(dir, 'events.sqlite')}`, { env: {} });
  receiver = await startReceiver({
    merchants: readMerchants(JSON.stringify([ANA, BEN, ANA_NEXT]), 'test'),
    store,
    log: jsonLinesLog((line) => logged.push(line)),
    now: () => clock,
    ...options,
  });
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'receiver-test-'));
  logged = [];
  clock = Date.now();
  await start();
});
afterEach(async () => {
  await receiver.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Rows in the file, read by another connection: what is on disk, not what the receiver says. */
function rowsOnDisk(): { type: string; object_id: string; status: string; body: string }[] {
  const db = new DatabaseSync(join(dir, 'events.sqlite'), { readOnly: true });
  try {
    return db.prepare('SELECT type, object_id, status, body FROM callback_events ORDER BY seq').all() as never;
  } finally {
    db.close();
  }
}

describe('who may send a callback', () => {
  const body = invoiceCallback(101, 'processing');

  it('takes a callback signed with the key and secret over its raw bytes, and stores the bytes as they came', async () => {
    // Spacing and key order as the service writes them are not re-encoded before the check.
    const spaced = `{ "status" : "processing",\n  "id": 102, "type": "invoice" }`;
    expect((await sendCallback(receiver.url, ANA, spaced)).status).toBe(200);
    expect(rowsOnDisk()).toEqual([{ type: 'invoice', object_id: '102', status: 'processing', body: spaced }]);
  });

  it('refuses a bad signature, a wrong key, a missing header, in the service error shape, and stores nothing', async () => {
    expect(await sendCallback(receiver.url, ANA, body, { 'X-Processing-Signature': signBody(body, 'not-the-secret') })).toMatchObject({
      status: 403,
      body: { error: 'Bad signature header', code: 'bad_header_signature' },
    });
    expect(await sendCallback(receiver.url, ANA, body, { 'X-Processing-Key': 'someone-else' })).toMatchObject({ status: 403, body: { code: 'bad_header_key' } });
    expect(await sendCallback(receiver.url, ANA, body, { 'X-Processing-Key': undefined })).toMatchObject({ status: 403, body: { code: 'required_header_key' } });
    expect(await sendCallback(receiver.url, ANA, body, { 'X-Processing-Signature': undefined })).toMatchObject({
      status: 403,
      body: { code: 'required_header_signature' },
    });
    // Ben's secret does not sign for Ana's key.
    expect(await sendCallback(receiver.url, ANA, body, { 'X-Processing-Signature': signBody(body, BEN.secret) })).toMatchObject({ status: 403 });
    // A signature of the same JSON written another way is not the signature of these bytes.
    expect(
      await sendCallback(receiver.url, ANA, body, { 'X-Processing-Signature': signBody(JSON.stringify(JSON.parse(body), null, 1), ANA.secret) }),
    ).toMatchObject({ status: 403 });
    // Upper-case hex is not what the service sends.
    expect(await sendCallback(receiver.url, ANA, body, { 'X-Processing-Signature': signBody(body, ANA.secret).toUpperCase() })).toMatchObject({
      status: 403,
    });
    expect(rowsOnDisk()).toEqual([]);
  });

  it('takes either secret of a key listed twice, as while the secret is rotated', async () => {
    expect((await sendCallback(receiver.url, ANA_NEXT, invoiceCallback(103, 'processing'))).status).toBe(200);
    expect((await sendCallback(receiver.url, ANA, invoiceCallback(104, 'processing'))).status).toBe(200);
    expect(rowsOnDisk().map((row) => row.object_id)).toEqual(['103', '104']);
  });

  it('refuses a body over the cap with 413 and closes the connection, before reading it all', async () => {
    await receiver.close();
    await store.close();
    await start({ maxBodyBytes: 4096 });
    const big = invoiceCallback(105, 'processing', { padding: 'x'.repeat(5000) });
    expect(await sendCallback(receiver.url, ANA, big)).toMatchObject({ status: 413, body: { code: 'bad_content_format' } });
    // Announced by chunks, without a Content-Length: cut off once past the cap all the same.
    const chunked = await new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
      const req = request(`${receiver.url}/callbacks`, { method: 'POST', headers: { 'X-Processing-Key': ANA.key, 'X-Processing-Signature': signBody(big, ANA.secret) } });
      req.on('response', (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection });
      });
      req.on('error', reject);
      req.write(big.slice(0, 3000));
      req.write(big.slice(3000));
      req.end();
    });
    expect(chunked).toEqual({ status: 413, connection: 'close' });
    // Just under the cap is taken.
    const fits = invoiceCallback(106, 'processing', { padding: 'x'.repeat(3000) });
    expect(Buffer.byteLength(fits)).toBeLessThan(4096);
    expect((await sendCallback(receiver.url, ANA, fits)).status).toBe(200);
    expect(rowsOnDisk().map((row) => row.object_id)).toEqual(['106']);
  });

  it('refuses invalid JSON, a body that is not an object, and one without its id or status (400), even when signed', async () => {
    for (const text of ['{"id": 1, "status": ', 'null', '[1,2]', '"processing"', '\u00ff{}']) {
      expect(await sendCallback(receiver.url, ANA, text)).toMatchObject({ status: 400, body: { error: 'Bad content format', code: 'bad_content_format' } });
    }
    // Signed over its bytes as they came, which are not UTF-8: a bad body, not a bad signature.
    expect(await sendCallback(receiver.url, ANA, Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]))).toMatchObject({ status: 400, body: { code: 'bad_content_format' } });
    expect(await sendCallback(receiver.url, ANA, '{"type":"invoice","status":"confirmed"}')).toMatchObject({
      status: 400,
      body: { errors: { id: 'The id field is required.' } },
    });
    expect(await sendCallback(receiver.url, ANA, '{"id": 5, "status": ""}')).toMatchObject({ status: 400, body: { errors: { status: 'The status field is empty.' } } });
    expect(await sendCallback(receiver.url, ANA, '{"id": {"n": 5}, "status": "confirmed"}')).toMatchObject({
      status: 400,
      body: { errors: { id: 'The id field must be text or a number.' } },
    });
    expect(rowsOnDisk()).toEqual([]);
  });

  it('answers 404 and 405 elsewhere', async () => {
    expect((await fetch(`${receiver.url}/callbacks`)).status).toBe(405);
    expect((await fetch(`${receiver.url}/`)).status).toBe(404);
    expect((await fetch(`${receiver.url}/events`, { method: 'POST' })).status).toBe(405);
  });
});

describe('storing events', () => {
  it('keeps an unknown type, an unknown status and unknown fields as received', async () => {
    const body = '{"id":"pr_77","type":"payment_request","status":"awaiting_kyc","new_field":{"deep":[1,2.50]}}';
    expect((await sendCallback(receiver.url, ANA, body)).status).toBe(200);
    expect(rowsOnDisk()).toEqual([{ type: 'payment_request', object_id: 'pr_77', status: 'awaiting_kyc', body }]);
    const [event] = await allEvents(receiver.url, ANA);
    expect(event).toMatchObject({ type: 'payment_request', id: 'pr_77', status: 'awaiting_kyc', callback: { new_field: { deep: [1, 2.5] } } });
  });

  it('stores a callback sent again, however often, once; the same object in another status is another event', async () => {
    const processing = invoiceCallback(201, 'processing');
    for (let i = 0; i < 3; i++) expect((await sendCallback(receiver.url, ANA, processing)).status).toBe(200);
    await Promise.all([1, 2, 3].map(() => sendCallback(receiver.url, ANA, processing)));
    expect((await sendCallback(receiver.url, ANA, invoiceCallback(201, 'confirmed'))).status).toBe(200);
    expect(rowsOnDisk().map((row) => `${row.object_id} ${row.status}`)).toEqual(['201 processing', '201 confirmed']);
    expect(logged.filter((line) => line.includes('"msg":"callback already stored"'))).toHaveLength(5);
  });

  it("keeps each part payment of an invoice: the same status, less remaining, is a new event; the same remaining in another form is not", async () => {
    const part = (remaining: unknown) => JSON.stringify({ id: 202, type: 'invoice', status: 'processing', currency_sent: { currency: 'BTC', amount: '1', remaining_amount: remaining } });
    expect((await sendCallback(receiver.url, ANA, part('0.6'))).status).toBe(200);
    expect((await sendCallback(receiver.url, ANA, part('0.25'))).status).toBe(200);
    expect((await sendCallback(receiver.url, ANA, `{"id":202,"type":"invoice","status":"processing","currency_sent":{"currency":"BTC","amount":"1","remaining_amount":0.250}}`)).status).toBe(200);
    expect(rowsOnDisk()).toHaveLength(2);
  });

  it('keeps the same id of two accounts apart', async () => {
    const body = invoiceCallback(203, 'processing');
    expect((await sendCallback(receiver.url, ANA, body)).status).toBe(200);
    expect((await sendCallback(receiver.url, BEN, body)).status).toBe(200);
    expect(rowsOnDisk()).toHaveLength(2);
    expect((await allEvents(receiver.url, ANA)).map((event) => event.id)).toEqual(['203']);
    expect((await allEvents(receiver.url, BEN)).map((event) => event.id)).toEqual(['203']);
  });

  it('a confirmed that arrives before its processing stays the outcome: every event is stored, the outcome goes by status rank', async () => {
    expect((await sendCallback(receiver.url, ANA, invoiceCallback(301, 'confirmed'))).status).toBe(200);
    expect((await sendCallback(receiver.url, ANA, invoiceCallback(301, 'processing'))).status).toBe(200);
    expect((await sendCallback(receiver.url, ANA, invoiceCallback(302, 'processing'))).status).toBe(200);
    expect((await sendCallback(receiver.url, ANA, invoiceCallback(302, 'failed'))).status).toBe(200);
    // A late retry of the earlier status once more.
    expect((await sendCallback(receiver.url, ANA, invoiceCallback(302, 'processing'))).status).toBe(200);
    const events = await allEvents(receiver.url, ANA);
    expect(events.map((event) => `${event.id} ${event.status}`)).toEqual(['301 confirmed', '301 processing', '302 processing', '302 failed']);
    const outcomes = currentOutcomes(events);
    expect(outcomes.get(JSON.stringify(['invoice', '301']))?.status).toBe('confirmed');
    expect(outcomes.get(JSON.stringify(['invoice', '302']))).toMatchObject({ status: 'failed', callback: { error: 'Timer expired. User not paid.' } });
  });

  it('answers 503 while it cannot store (another process holds the file), and the retry is stored, once', async () => {
    const body = invoiceCallback(401, 'processing');
    const other = new DatabaseSync(join(dir, 'events.sqlite'));
    other.exec('BEGIN EXCLUSIVE');
    try {
      expect(await sendCallback(receiver.url, ANA, body)).toMatchObject({ status: 503, body: { code: 'storage_unavailable' } });
      expect((await fetch(`${receiver.url}/health`)).status).toBe(503);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect(logged.some((line) => line.includes('"msg":"callback not stored"') && line.includes('"id":"401"'))).toBe(true);
    expect(rowsOnDisk()).toEqual([]);
    expect((await sendCallback(receiver.url, ANA, body)).status).toBe(200);
    expect((await fetch(`${receiver.url}/health`)).status).toBe(200);
    expect(rowsOnDisk().map((row) => row.object_id)).toEqual(['401']);
  });

  it('keeps its file readable by its owner only', () => {
    expect(statSync(join(dir, 'events.sqlite')).mode & 0o777).toBe(0o600);
  });
});

describe('reading the events (GET /events)', () => {
  it('returns the account\'s events in order with a cursor, amounts as exact JSON numbers', async () => {
    const exact = '{"id":501,"type":"deposit","status":"confirmed","currency_sent":{"currency":"ETH","amount":12345678.123456789012345678},"currency_received":{"currency":"ETH","amount":"12345678.123456789012345678","amount_minus_fee":1e-18}}';
    expect((await sendCallback(receiver.url, ANA, exact)).status).toBe(200);
    for (const id of [502, 503, 504]) expect((await sendCallback(receiver.url, ANA, invoiceCallback(id, 'processing'))).status).toBe(200);
    const first = await readEvents(receiver.url, ANA, '/events?after=0&limit=2');
    expect(first.status).toBe(200);
    // The numbers as they came: never through a float.
    expect(first.text).toContain('"amount":12345678.123456789012345678');
    expect(first.text).toContain('"amount_minus_fee":1e-18');
    const page = first.body as { events: { cursor: string; id: string }[]; next: string; more: boolean };
    expect(page.events.map((event) => event.id)).toEqual(['501', '502']);
    expect(page).toMatchObject({ next: page.events[1]?.cursor, more: true });
    const second = (await readEvents(receiver.url, ANA, `/events?after=${page.next}&limit=2`)).body as typeof page;
    expect(second.events.map((event) => event.id)).toEqual(['503', '504']);
    const end = (await readEvents(receiver.url, ANA, `/events?after=${second.next}`)).body as typeof page;
    expect(end).toEqual({ events: [], next: second.next, more: false });
    expect((await readEvents(receiver.url, BEN, '/events?after=0')).body).toEqual({ events: [], next: '0', more: false });
  });

  it('refuses a read without a valid signature, timestamp or nonce, a replayed one, and one whose query was changed', async () => {
    const path = '/events?after=0';
    const now = Math.floor(clock / 1000);
    const signed = signedReadHeaders(ANA, path, { nowSeconds: now, nonce: 'nonce-aaaaaaaaaaaaaaaa' });
    expect((await readEvents(receiver.url, ANA, path, signed)).status).toBe(200);
    expect(await readEvents(receiver.url, ANA, path, signed)).toMatchObject({ status: 403, body: { code: 'bad_header_nonce' } });
    // The same signature for another cursor.
    expect(await readEvents(receiver.url, ANA, '/events?after=7', { ...signed, 'X-Processing-Nonce': 'nonce-bbbbbbbbbbbbbbbb' })).toMatchObject({
      status: 403,
      body: { code: 'bad_header_signature' },
    });
    expect(await readEvents(receiver.url, ANA, '/events?after=7', signedReadHeaders(ANA, path))).toMatchObject({ status: 403, body: { code: 'bad_header_signature' } });
    const stale = signedReadHeaders(ANA, path, { nowSeconds: now - READ_WINDOW_SECONDS - 1 });
    expect(await readEvents(receiver.url, ANA, path, stale)).toMatchObject({ status: 403, body: { code: 'bad_header_timestamp' } });
    const ahead = signedReadHeaders(ANA, path, { nowSeconds: now + READ_WINDOW_SECONDS + 1 });
    expect(await readEvents(receiver.url, ANA, path, ahead)).toMatchObject({ status: 403, body: { code: 'bad_header_timestamp' } });
    expect((await readEvents(receiver.url, ANA, path, signedReadHeaders(ANA, path, { nowSeconds: now - READ_WINDOW_SECONDS + 5 }))).status).toBe(200);
    const { 'X-Processing-Nonce': _nonce, ...noNonce } = signedReadHeaders(ANA, path, { nowSeconds: now });
    expect(await readEvents(receiver.url, ANA, path, noNonce)).toMatchObject({ status: 403, body: { code: 'bad_header_nonce' } });
    expect(await readEvents(receiver.url, ANA, path, { 'X-Processing-Key': ANA.key })).toMatchObject({ status: 403, body: { code: 'required_header_signature' } });
    expect(await readEvents(receiver.url, ANA, path, {})).toMatchObject({ status: 403, body: { code: 'required_header_key' } });
    // A callback's signature (over a body) does not stand for a read.
    expect(await readEvents(receiver.url, ANA, path, { ...signed, 'X-Processing-Nonce': 'nonce-cccccccccccccccc', 'X-Processing-Signature': signBody('{}', ANA.secret) })).toMatchObject({
      status: 403,
    });
  });

  it('refuses a bad cursor or limit with the field shape', async () => {
    expect(await readEvents(receiver.url, ANA, '/events?after=-1')).toMatchObject({ status: 400, body: { errors: { after: expect.any(String) } } });
    expect(await readEvents(receiver.url, ANA, '/events?after=0&limit=501')).toMatchObject({ status: 400, body: { errors: { limit: expect.any(String) } } });
    // Past a 64-bit integer: refused as a bad cursor, not a storage failure.
    expect(await readEvents(receiver.url, ANA, '/events?after=9999999999999999999')).toMatchObject({ status: 400, body: { errors: { after: expect.any(String) } } });
    expect((await readEvents(receiver.url, ANA, '/events?after=999999999999999999')).status).toBe(200);
  });
});

describe('health and logs', () => {
  it('answers 200 on /health while it can store', async () => {
    const answer = await fetch(`${receiver.url}/health`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ status: 'ok' });
  });

  it('logs JSON lines, with neither secret nor signature in them', async () => {
    const body = invoiceCallback(601, 'processing');
    await sendCallback(receiver.url, ANA, body);
    await sendCallback(receiver.url, ANA, body, { 'X-Processing-Signature': signBody(body, 'wrong') });
    await readEvents(receiver.url, ANA);
    expect(logged.length).toBeGreaterThanOrEqual(2);
    for (const line of logged) {
      expect(line.endsWith('\n')).toBe(true);
      expect(JSON.parse(line)).toMatchObject({ time: expect.any(String), level: expect.any(String), msg: expect.any(String) });
      for (const secret of [ANA.secret, ANA_NEXT.secret, BEN.secret, signBody(body, ANA.secret)]) expect(line).not.toContain(secret);
    }
    expect(logged.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(['callback stored', 'callback refused']);
    // A sender's huge id is cut in the log.
    await sendCallback(receiver.url, ANA, JSON.stringify({ id: 'i'.repeat(5000), status: 'processing' }));
    expect(logged.at(-1)?.length).toBeLessThan(600);
  });
});
