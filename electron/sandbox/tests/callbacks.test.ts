import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxHandle, SandboxOptions } from '../index.ts';
import { RETRY_MINUTES, startSandbox } from '../index.ts';
import type { ManualClock } from './helpers.ts';
import { info, invoiceBody, MERCHANT_A, MERCHANT_B, manualClock, post, sign } from './helpers.ts';

/**
 * The sandbox's callbacks, as a merchant's receiver sees them over real HTTP: signed like
 * requests, one per object and status (and per part payment of an invoice), retried on the
 * service's schedule until answered 200, and neither lost nor sent again as new across a restart.
 */

type Received = { key: string | undefined; signature: string | undefined; body: string; json: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * A receiver that records every callback and answers each "payment seen" (status pending) one with
 * the next status of `answers`, then 200; every other callback is answered 200.
 */
async function startReceiver(answers: number[] = []): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ key: req.headers['x-processing-key'] as string | undefined, signature: req.headers['x-processing-signature'] as string | undefined, body, json: JSON.parse(body) });
      const json = received[received.length - 1]!.json;
      res.statusCode = json.status === 'pending' ? (answers.shift() ?? 200) : 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callbacks`, received, server };
}

const opened: Array<{ close(): unknown }> = [];
const folders: string[] = [];
afterEach(async () => {
  for (const item of opened.splice(0).reverse()) await item.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function sandboxWith(url: string, clock: ManualClock, options: SandboxOptions = {}): Promise<SandboxHandle> {
  const sb = await startSandbox({ merchants: [MERCHANT_A, MERCHANT_B], seed: 42, clock: clock.read, callbacks: { url, retryScale: 1, tickMs: 60_000 }, ...options });
  opened.push(sb);
  return sb;
}

async function paidInvoice(sb: SandboxHandle, foreignId: string): Promise<{ id: number; txid: string }> {
  const created = await post(sb, 'invoices/create', invoiceBody({ foreign_id: foreignId }));
  expect(created.status).toBe(201);
  const id = created.json.data.id as number;
  const fixed = sb.chooseInvoiceCurrency(id, 'BTC');
  const paid = sb.payInvoice(id, { amount: fixed.sender_amount!, currency: 'BTC' });
  const deposit = await info(sb, { id: paid.transactionId });
  return { id, txid: deposit.json.transactions[0].txid as string };
}

describe('callbacks from the sandbox', () => {
  it('tells an invoice paid: signed with the merchant key over the exact body, payment seen with its txid, then processing, then confirmed, each once', async () => {
    const clock = manualClock();
    const receiver = await startReceiver();
    opened.push({ close: () => new Promise((resolve) => receiver.server.close(resolve)) });
    const sb = await sandboxWith(receiver.url, clock);
    const { id, txid } = await paidInvoice(sb, 'cb-inv-1');

    expect(await sb.flushCallbacks()).toBe(0);
    expect(await sb.flushCallbacks()).toBe(0); // nothing new: nothing sent again
    clock.advance(10_000);
    await sb.flushCallbacks();
    clock.advance(20_000);
    await sb.flushCallbacks();

    const invoiceCallbacks = receiver.received.filter((r) => r.json.type === 'invoice');
    expect(invoiceCallbacks.map((r) => r.json.status)).toEqual(['pending', 'processing', 'confirmed']);
    for (const callback of invoiceCallbacks) {
      expect(callback.key).toBe(MERCHANT_A.key);
      expect(callback.signature).toBe(sign(MERCHANT_A.secret, callback.body));
      expect(callback.json).toMatchObject({ id, foreign_id: 'cb-inv-1', error: '', currency_sent: { currency: 'BTC', remaining_amount: '0' } });
      expect(callback.json.transactions[0]).toMatchObject({ txid, type: 'deposit', transaction_type: 'blockchain' });
    }
    // The 15-minute timer becomes 24 hours once the payment is seen.
    expect(invoiceCallbacks[0]!.json.expires_at).toBe(Math.floor((clock.now - 30_000 + 24 * 3600_000) / 1000));
  });

  it('tells an underpaid fill-or-kill invoice failed, with the service’s reason and what is left to pay', async () => {
    const clock = manualClock();
    const receiver = await startReceiver();
    opened.push({ close: () => new Promise((resolve) => receiver.server.close(resolve)) });
    const sb = await sandboxWith(receiver.url, clock);
    const created = await post(sb, 'invoices/create', invoiceBody({ foreign_id: 'cb-inv-short' }));
    const id = created.json.data.id as number;
    const fixed = sb.chooseInvoiceCurrency(id, 'BTC');
    sb.payInvoice(id, { amount: '0.00001', currency: 'BTC' });
    await sb.flushCallbacks();
    const [failed] = receiver.received;
    expect(failed?.json).toMatchObject({ type: 'invoice', status: 'failed', error: 'User paid less than requested.' });
    expect(Number(failed?.json.currency_sent.remaining_amount)).toBeGreaterThan(0);
    expect(failed?.json.currency_sent.amount).toBe(fixed.sender_amount);
  });

  it('tells an exchange processing, then confirmed, under its own merchant’s key', async () => {
    const clock = manualClock();
    const receiver = await startReceiver();
    opened.push({ close: () => new Promise((resolve) => receiver.server.close(resolve)) });
    const sb = await sandboxWith(receiver.url, clock);
    const quote = await post(sb, 'exchange/calculate', { sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '0.003' }, { merchant: MERCHANT_B });
    const q = quote.json.data as Record<string, string>;
    const placed = await post(sb, 'exchange/fixed', { foreign_id: 'cb-ex-1', price: q.price, sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: q.sender_amount }, { merchant: MERCHANT_B });
    expect(placed.status).toBe(201);
    await sb.flushCallbacks();
    clock.advance(5_000);
    await sb.flushCallbacks();
    expect(receiver.received.map((r) => [r.json.type, r.json.status, r.json.foreign_id])).toEqual([
      ['exchange', 'not_confirmed', 'cb-ex-1'],
      ['exchange', 'confirmed', 'cb-ex-1'],
    ]);
    for (const callback of receiver.received) {
      expect(callback.key).toBe(MERCHANT_B.key);
      expect(callback.signature).toBe(sign(MERCHANT_B.secret, callback.body));
    }
  });

  it('retries what was not answered 200 on the service’s schedule, with the same bytes, and gives up after the last wait', async () => {
    const clock = manualClock();
    const receiver = await startReceiver([500, 503, 404]);
    opened.push({ close: () => new Promise((resolve) => receiver.server.close(resolve)) });
    const sb = await sandboxWith(receiver.url, clock);
    await paidInvoice(sb, 'cb-retry');
    // The payment's confirmations come while the clock moves: those are events of their own; the
    // tries of the first one ("pending", payment seen) are what this test counts.
    const pendingTries = () => receiver.received.filter((r) => r.json.status === 'pending');
    await sb.flushCallbacks(); // 500
    clock.advance(59_000);
    await sb.flushCallbacks();
    expect(pendingTries()).toHaveLength(1); // not before the first minute
    clock.advance(1_000);
    await sb.flushCallbacks(); // 503, next after 5 minutes
    expect(pendingTries()).toHaveLength(2);
    clock.advance(5 * 60_000 - 1);
    await sb.flushCallbacks();
    expect(pendingTries()).toHaveLength(2);
    clock.advance(1);
    await sb.flushCallbacks(); // 404, next after 10 minutes
    clock.advance(10 * 60_000);
    expect(await sb.flushCallbacks()).toBe(0); // answered 200: nothing owed
    expect(pendingTries()).toHaveLength(4);
    expect(new Set(pendingTries().map((r) => r.body)).size).toBe(1);

    // A receiver that never answers 200: tried once and once after each of the 13 waits, then dropped.
    const down = await startReceiver(new Array(40).fill(500));
    opened.push({ close: () => new Promise((resolve) => down.server.close(resolve)) });
    const clock2 = manualClock();
    const sb2 = await sandboxWith(down.url, clock2);
    await paidInvoice(sb2, 'cb-never');
    await sb2.flushCallbacks();
    for (const minutes of RETRY_MINUTES) {
      clock2.advance(minutes * 60_000);
      await sb2.flushCallbacks();
    }
    const tries = () => down.received.filter((r) => r.json.foreign_id === 'cb-never' && r.json.status === 'pending');
    expect(tries()).toHaveLength(RETRY_MINUTES.length + 1);
    clock2.advance(24 * 3600_000);
    await sb2.flushCallbacks();
    expect(tries()).toHaveLength(RETRY_MINUTES.length + 1); // given up: never tried again
  });

  it('keeps what it owes across a restart: sends it after, and does not send again what was answered', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'sandbox-callbacks-'));
    folders.push(folder);
    const stateFile = join(folder, 'state.json');
    const clock = manualClock();
    const down = await startReceiver([500]);
    opened.push({ close: () => new Promise((resolve) => down.server.close(resolve)) });
    const first = await sandboxWith(down.url, clock, { stateFile });
    await paidInvoice(first, 'cb-restart');
    expect(await first.flushCallbacks()).toBe(1);
    await first.close();
    opened.splice(opened.indexOf(first), 1);

    const again = await sandboxWith(down.url, clock, { stateFile });
    const seen = () => down.received.filter((r) => r.json.status === 'pending');
    await again.flushCallbacks();
    expect(seen()).toHaveLength(1); // its retry is not due yet
    clock.advance(60_000);
    expect(await again.flushCallbacks()).toBe(0);
    expect(seen()).toHaveLength(2);
    await again.close();
    opened.splice(opened.indexOf(again), 1);

    const sent = down.received.length;
    const third = await sandboxWith(down.url, clock, { stateFile });
    expect(await third.flushCallbacks()).toBe(0);
    expect(down.received).toHaveLength(sent);
  });

  it('sends nothing without a callback URL', async () => {
    const sb = await startSandbox({ merchants: [MERCHANT_A], seed: 1, clock: manualClock().read });
    opened.push(sb);
    await paidInvoice(sb, 'cb-none');
    expect(await sb.flushCallbacks()).toBe(0);
  });
});

describe('callbacks of withdrawals held over a limit (docs/withdrawals.md)', () => {
  const send = (sb: SandboxHandle, foreignId: string) =>
    post(sb, 'withdrawal/crypto', {
      foreign_id: foreignId,
      currency: 'BTC',
      amount: '0.05',
      address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
      sender_type: 'natural',
      sender_data: { first_name: 'Ada', last_name: 'Lovelace', date_of_birth: '1990-12-10' },
      receiver_type: 'self',
    });

  it('tells each status a held withdrawal reaches: pending, then declined; or pending, then on the chain to confirmed', async () => {
    const clock = manualClock();
    const receiver = await startReceiver();
    opened.push({ close: () => new Promise((resolve) => receiver.server.close(resolve)) });
    const sb = await sandboxWith(receiver.url, clock, { withdrawalLimit: '1000' });
    const declined = await send(sb, 'cb-wd-declined');
    const approved = await send(sb, 'cb-wd-approved');
    expect([declined.json.data.status, approved.json.data.status]).toEqual(['pending', 'pending']);
    await sb.flushCallbacks();
    clock.advance(60_000);
    sb.decideWithdrawal(declined.json.data.id, 'decline');
    sb.decideWithdrawal(approved.json.data.id, 'approve');
    await sb.flushCallbacks();
    clock.advance(30_000);
    await sb.flushCallbacks();
    expect(receiver.received.map((r) => [r.json.type, r.json.foreign_id, r.json.status])).toEqual([
      ['withdrawal', 'cb-wd-declined', 'pending'],
      ['withdrawal', 'cb-wd-approved', 'pending'],
      ['withdrawal', 'cb-wd-declined', 'declined'],
      ['withdrawal', 'cb-wd-approved', 'not_confirmed'],
      ['withdrawal', 'cb-wd-approved', 'confirmed'],
    ]);
    expect(receiver.received[2]?.json.error).toBe('The withdrawal was declined.');
  });
});
