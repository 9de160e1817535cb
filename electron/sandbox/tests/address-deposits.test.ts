import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Decimal } from '../../../shared/money/index.ts';
import type { SandboxHandle } from '../index.ts';
import { SandboxRefusal, startSandbox } from '../index.ts';
import type { ManualClock } from './helpers.ts';
import { control, info, invoiceBody, MERCHANT_A, MERCHANT_B, manualClock, NATURAL, post, rawRequest, sign, startTestSandbox } from './helpers.ts';

/**
 * Payments into a deposit address taken with addresses/take: reusable without limit (field notes,
 * "Endpoints beyond the spec"), each payment a deposit transaction of its own, found by id and by
 * txid, moving the balance, and told by signed `deposit` callbacks (`not_confirmed`, then
 * `confirmed`) that name the address; with convert_to, a `deposit_exchange` credited in the
 * other currency. Paid through the handle, the standalone sandbox's control endpoint and the
 * sandbox's own deposit page.
 */

const opened: Array<{ close(): unknown }> = [];
afterEach(async () => {
  for (const item of opened.splice(0).reverse()) await item.close();
});

async function sandbox(options: Parameters<typeof startTestSandbox>[0] = {}): Promise<{ sb: SandboxHandle; clock: ManualClock }> {
  const started = await startTestSandbox(options);
  opened.push(started.sb);
  return started;
}

async function takeAddress(sb: SandboxHandle, body: Record<string, unknown> = {}, merchant = MERCHANT_A) {
  const res = await post(sb, 'addresses/take', { currency: 'BTC', foreign_id: 'addr-dep-1', end_user_reference: 'customer-9', sender_type: 'natural', sender_data: NATURAL, ...body }, { merchant });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.data as { id: number; currency: string; convert_to: string | null; address: string; tag: string | null; foreign_id: string };
}

const balance = async (sb: SandboxHandle, currency: string, merchant = MERCHANT_A): Promise<string> => {
  const res = await post(sb, 'accounts/list', {}, { merchant });
  return (res.json.data as Array<{ currency: string; balance: string }>).find((row) => row.currency === currency)?.balance ?? 'missing';
};

describe('paying into a taken deposit address', () => {
  it('makes each payment a deposit of its own, found by id and by txid, naming the address, not_confirmed until three blocks confirm it', async () => {
    const { sb, clock } = await sandbox();
    const address = await takeAddress(sb);
    const first = sb.payAddress(address.id, { amount: '0.01' });
    clock.advance(1_000);
    const second = sb.payAddress(address.id, { amount: '0.25' });
    expect(second.transactionId).not.toBe(first.transactionId);
    expect(second.txid).not.toBe(first.txid);
    expect(first.txid).toMatch(/^[0-9a-f]{64}$/);

    const byId = await info(sb, { id: first.transactionId });
    expect(byId.status).toBe(200);
    expect(byId.json).toMatchObject({
      id: first.transactionId,
      type: 'deposit',
      end_user_reference: 'customer-9',
      crypto_address: { id: address.id, currency: 'BTC', convert_to: null, address: address.address, foreign_id: 'addr-dep-1', tag: null },
      currency_sent: { currency: 'BTC', amount: '0.01' },
      // Less the 1% wallet fee (0.0001) and BTC's mining fee (0.00002).
      currency_received: { currency: 'BTC', amount: '0.01', amount_minus_fee: '0.00988' },
      transactions: [{ transaction_type: 'blockchain', type: 'deposit', address: address.address, amount: '0.01', txid: first.txid, confirmations: 0 }],
      status: 'not_confirmed',
      error: null,
    });
    const byTxid = await info(sb, { txid: second.txid });
    expect(byTxid.json).toMatchObject({ id: second.transactionId, currency_sent: { amount: '0.25' }, crypto_address: { id: address.id } });
    // Not by the address's foreign id: deposits are found by id (spec 4.1).
    expect((await info(sb, { foreign_id: 'addr-dep-1' })).status).toBe(404);
    // Another merchant sees neither.
    expect((await info(sb, { txid: first.txid }, { merchant: MERCHANT_B })).status).toBe(404);

    clock.advance(30_000);
    expect((await info(sb, { id: second.transactionId })).json.status).toBe('confirmed');
    expect(sb.state(MERCHANT_A.key).addresses.find((a) => a.id === address.id)?.deposit_ids).toEqual([first.transactionId, second.transactionId]);
  });

  it('moves the balance by what arrived less its fees, for every payment', async () => {
    const { sb } = await sandbox();
    const before = await balance(sb, 'BTC');
    const address = await takeAddress(sb);
    const first = sb.payAddress(address.id, { amount: '0.01' });
    const second = sb.payAddress(address.id, { amount: '0.5' });
    const nets = await Promise.all([first, second].map(async (p) => (await info(sb, { id: p.transactionId })).json.currency_received.amount_minus_fee as string));
    expect(await balance(sb, 'BTC')).toBe(new Decimal(before).plus(nets[0]!).plus(nets[1]!).toFixed(8));
  });

  it('with convert_to, exchanges what arrived on arrival: a deposit_exchange credited in the other currency', async () => {
    const { sb } = await sandbox();
    const btcBefore = await balance(sb, 'BTC');
    const eurBefore = await balance(sb, 'EUR');
    const address = await takeAddress(sb, { convert_to: 'EUR', foreign_id: 'addr-dep-eur' });
    const paid = sb.payAddress(address.id, { amount: '0.1' });
    const tx = (await info(sb, { id: paid.transactionId })).json;
    expect(tx).toMatchObject({ type: 'deposit_exchange', crypto_address: { id: address.id, convert_to: 'EUR' }, currency_sent: { currency: 'BTC', amount: '0.1' }, currency_received: { currency: 'EUR' } });
    const exchangeEntry = tx.transactions[1];
    expect(exchangeEntry).toMatchObject({ transaction_type: 'exchange', currency: 'BTC', amount: '0.09898', currency_to: 'EUR' });
    expect(tx.currency_received.amount_minus_fee).toBe(exchangeEntry.amount_to);
    expect(sb.state().transactions.find((t) => t.id === paid.transactionId)?.type).toBe('deposit_exchange');
    expect(await balance(sb, 'BTC')).toBe(btcBefore);
    expect(await balance(sb, 'EUR')).toBe(new Decimal(eurBefore).plus(exchangeEntry.amount_to).toFixed(8));
  });

  it('refuses a payment with no amount or none at all, and into an invoice’s address or one never taken', async () => {
    const { sb } = await sandbox();
    const address = await takeAddress(sb);
    for (const amount of ['', '0', 'abc', '-1']) {
      expect(() => sb.payAddress(address.id, { amount }), amount).toThrow(SandboxRefusal);
    }
    const created = await post(sb, 'invoices/create', invoiceBody());
    const invoiceAddressId = sb.chooseInvoiceCurrency(created.json.data.id as number, 'BTC') && sb.state().addresses.find((a) => a.source === 'invoice')?.id;
    expect(invoiceAddressId).toEqual(expect.any(Number));
    expect(() => sb.payAddress(invoiceAddressId as number, { amount: '0.01' })).toThrow(/No deposit address/);
    expect(() => sb.payAddress(999, { amount: '0.01' })).toThrow(/No deposit address/);
    expect(sb.state().transactions.filter((t) => t.kind === 'deposit')).toHaveLength(0);
  });
});

describe('deposit callbacks', () => {
  async function receiver() {
    const received: Array<{ key: string | undefined; signature: string | undefined; body: string; json: Record<string, any> }> = []; // eslint-disable-line @typescript-eslint/no-explicit-any
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        received.push({ key: req.headers['x-processing-key'] as string | undefined, signature: req.headers['x-processing-signature'] as string | undefined, body, json: JSON.parse(body) });
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    opened.push({ close: () => new Promise((resolve) => server.close(resolve)) });
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callbacks`, received };
  }

  it('tells each payment, signed over the exact body: not_confirmed when seen, then confirmed, with the address’s id, foreign id, address and tag', async () => {
    const clock = manualClock();
    const { url, received } = await receiver();
    const sb = await startSandbox({ merchants: [MERCHANT_A, MERCHANT_B], seed: 42, clock: clock.read, callbacks: { url, retryScale: 1, tickMs: 60_000 } });
    opened.push(sb);
    const address = await takeAddress(sb, { currency: 'XRP', foreign_id: 'addr-xrp-cb' }, MERCHANT_B);
    expect(address.tag).toMatch(/^\d+$/);
    const first = sb.payAddress(address.id, { amount: '25' });
    await sb.flushCallbacks();
    const second = sb.payAddress(address.id, { amount: '40' });
    await sb.flushCallbacks();
    expect(await sb.flushCallbacks()).toBe(0); // nothing new, nothing sent again
    clock.advance(30_000);
    await sb.flushCallbacks();

    expect(received.map((r) => [r.json.id, r.json.status])).toEqual([
      [first.transactionId, 'not_confirmed'],
      [second.transactionId, 'not_confirmed'],
      [first.transactionId, 'confirmed'],
      [second.transactionId, 'confirmed'],
    ]);
    for (const callback of received) {
      expect(callback.key).toBe(MERCHANT_B.key);
      expect(callback.signature).toBe(sign(MERCHANT_B.secret, callback.body));
      expect(callback.json).toMatchObject({
        type: 'deposit',
        crypto_address: { id: address.id, currency: 'XRP', convert_to: null, address: address.address, tag: address.tag, foreign_id: 'addr-xrp-cb' },
        currency_sent: { currency: 'XRP' },
        fees: expect.arrayContaining([expect.objectContaining({ type: 'fee_crypto_deposit_wallet_client' })]),
      });
    }
    const firstConfirmed = received.find((r) => r.json.id === first.transactionId && r.json.status === 'confirmed');
    expect(firstConfirmed?.json).toMatchObject({ currency_sent: { amount: '25' }, transactions: [{ txid: first.txid, tag: address.tag, confirmations: 3 }] });
  });

  it('says deposit_exchange for an address with convert_to', async () => {
    const clock = manualClock();
    const { url, received } = await receiver();
    const sb = await startSandbox({ merchants: [MERCHANT_A], seed: 7, clock: clock.read, callbacks: { url, retryScale: 1, tickMs: 60_000 } });
    opened.push(sb);
    const address = await takeAddress(sb, { convert_to: 'EUR' });
    sb.payAddress(address.id, { amount: '0.02' });
    await sb.flushCallbacks();
    expect(received.map((r) => [r.json.type, r.json.status, r.json.crypto_address.convert_to, r.json.currency_received.currency])).toEqual([['deposit_exchange', 'not_confirmed', 'EUR', 'EUR']]);
  });
});

describe('the deposit page and the control endpoint', () => {
  it('keeps the page and what was paid on it across a restart', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'sandbox-deposits-'));
    opened.push({ close: () => rmSync(folder, { recursive: true, force: true }) });
    const stateFile = join(folder, 'state.json');
    const first = await startSandbox({ merchants: [MERCHANT_A], seed: 3, stateFile });
    const address = await takeAddress(first);
    const url = first.addressPayPage(address.id);
    const paid = await rawRequest(url, 'POST', 'amount=0.04', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(paid.status).toBe(303);
    // Killed, not closed: only what was written after each change is there.
    const written = readFileSync(stateFile, 'utf8');
    await first.close();
    writeFileSync(stateFile, written);

    const again = await startSandbox({ merchants: [MERCHANT_A], seed: 3, stateFile, port: 0 });
    opened.push(again);
    const path = new URL(url).pathname;
    expect(again.addressPayPage(address.id)).toBe(`${again.origin}${path}`);
    const page = await rawRequest(`${again.origin}${path}`, 'GET', undefined, {});
    expect(page.status).toBe(200);
    expect(page.text).toContain('0.04 BTC');
  });


  it('serves a page per taken address where a person pays, again and again, and sees each payment with its txid', async () => {
    const { sb } = await sandbox();
    const address = await takeAddress(sb);
    const url = sb.addressPayPage(address.id);
    expect(url).toMatch(new RegExp(`^${sb.origin}/deposit/[A-Za-z0-9]{12}$`));
    expect(sb.addressPayPage(address.id)).toBe(url); // the same page each time

    const empty = await rawRequest(url, 'GET', undefined, {});
    expect(empty.status).toBe(200);
    expect(empty.text).toContain(address.address);
    expect(empty.text).toContain('<label for="amount">Amount to send, in BTC</label>');
    expect(empty.text).toContain('No payment into this address yet.');

    const pay = (amount: string) => rawRequest(url, 'POST', `amount=${amount}`, { 'content-type': 'application/x-www-form-urlencoded' });
    const paid = [await pay('0.01'), await pay('0.02')];
    const ids = paid.map((res) => {
      expect(res.status).toBe(303);
      return Number(/\?paid=(\d+)$/.exec(String(res.headers.location))?.[1]);
    });
    const listed = await rawRequest(url, 'GET', undefined, {});
    for (const id of ids) {
      const tx = (await info(sb, { id })).json;
      expect(tx.crypto_address.id).toBe(address.id);
      expect(listed.text).toContain(tx.transactions[0].txid);
    }
    expect(listed.text).toContain('0.02 BTC');

    const refused = await pay('nothing');
    expect(refused.status).toBe(200);
    expect(refused.text).toContain('role="alert"');
    expect(sb.state().transactions.filter((t) => t.kind === 'deposit')).toHaveLength(2);
    expect((await rawRequest(`${sb.origin}/deposit/notatoken1234`, 'GET', undefined, {})).status).toBe(404);
  });

  it('pays through POST /sandbox/addresses/<id>/pay on the standalone sandbox, and not at all without the control surface', async () => {
    const { sb } = await sandbox();
    const address = await takeAddress(sb);
    const res = await control(sb, 'POST', `/sandbox/addresses/${address.id}/pay`, { amount: '0.03' });
    expect(res.status).toBe(201);
    expect(res.json.data).toEqual({ transaction_id: expect.any(Number), txid: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect((await info(sb, { txid: res.json.data.txid })).json.currency_sent.amount).toBe('0.03');
    expect((await control(sb, 'POST', `/sandbox/addresses/${address.id}/pay`, {})).status).toBe(400);
    expect((await control(sb, 'POST', '/sandbox/addresses/999/pay', { amount: '1' })).status).toBe(404);
    // An invoice's address is paid through its invoice, never here.
    const created = await post(sb, 'invoices/create', invoiceBody());
    sb.chooseInvoiceCurrency(created.json.data.id as number, 'BTC');
    const invoiceAddress = sb.state().addresses.find((a) => a.source === 'invoice');
    const refused = await control(sb, 'POST', `/sandbox/addresses/${invoiceAddress?.id}/pay`, { amount: '0.01' });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatch(/belongs to an invoice/);

    const closed = await sandbox({ control: false });
    const other = await takeAddress(closed.sb);
    expect((await control(closed.sb, 'POST', `/sandbox/addresses/${other.id}/pay`, { amount: '0.03' })).status).not.toBe(201);
    expect(closed.sb.state().transactions.filter((t) => t.kind === 'deposit')).toHaveLength(0);
  });
});
