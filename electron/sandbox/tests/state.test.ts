import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../index.ts';
import { startSandbox } from '../index.ts';
import { control, info, invoiceBody, manualClock, MERCHANT_A, MERCHANT_B, post, sign, startTestSandbox } from './helpers.ts';

const open: SandboxHandle[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sb) => sb.close()));
});
const track = (sb: SandboxHandle) => (open.push(sb), sb);
const tempFile = () => join(mkdtempSync(join(tmpdir(), 'sandbox-state-')), 'state.json');

async function quoteAndExchange(sb: SandboxHandle, foreignId: string) {
  const q = (await post(sb, 'exchange/calculate', { sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '0.01' })).json.data;
  return post(sb, 'exchange/fixed', { foreign_id: foreignId, price: q.price, sender_amount: q.sender_amount });
}

describe('state persistence', () => {
  it('saves to a file and loads it back into another sandbox: invoices, exchanges, deposits, duplicates', async () => {
    const file = tempFile();
    const clock = manualClock();
    const first = track(await startSandbox({ merchants: [MERCHANT_A], seed: 1, clock: clock.read }));
    const invoice = (await post(first, 'invoices/create', invoiceBody({ foreign_id: 'kept', currency: 'BTC', amount: '0.01' }))).json.data;
    const paid = first.payInvoice(invoice.id, { amount: '0.01' });
    const order = (await quoteAndExchange(first, 'ex-kept')).json.data;
    first.saveState(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const second = track(await startSandbox({ seed: 99, clock: clock.read, merchants: [] }));
    second.loadState(file);
    expect(second.merchants.map((m) => m.key)).toEqual([MERCHANT_A.key]);
    expect((await info(second, { id: paid.transactionId })).json.type).toBe('deposit');
    expect((await info(second, { foreign_id: 'ex-kept' })).json.id).toBe(order.id);
    expect((await post(second, 'invoices/create', invoiceBody({ foreign_id: 'kept' }))).json.errors.foreign_id).toBe('The foreign id has already been taken.');
    // The preloaded examples come back with their exact number text.
    const example = second.state().transactions.find((t) => t.foreign_id === 'example-exchange-not-confirmed')!;
    expect((await info(second, { id: example.id })).text).toContain('"amount":12345678.12345678');
    // The invoice URL follows the new server's origin.
    expect(second.state().invoices[0]!.url.startsWith(second.origin)).toBe(true);
  });

  it('with stateFile, writes after every change and starts from the file next time', async () => {
    const file = tempFile();
    const sb = await startSandbox({ merchants: [MERCHANT_A], seed: 3, stateFile: file });
    expect((await post(sb, 'invoices/create', invoiceBody({ foreign_id: 'persisted' }))).status).toBe(201);
    expect(readFileSync(file, 'utf8')).toContain('"persisted"');
    await sb.close();
    const again = track(await startSandbox({ stateFile: file, merchants: [MERCHANT_B] }));
    const state = again.state();
    expect(state.merchants.map((m) => m.key)).toEqual([MERCHANT_A.key, MERCHANT_B.key]);
    expect(state.invoices.map((i) => i.foreign_id)).toEqual(['persisted']);
    // Examples are not preloaded a second time for a merchant that already has them.
    expect(state.transactions.filter((t) => t.merchant_key === MERCHANT_A.key && t.kind === 'static')).toHaveLength(7);
  });

  it('refuses a file that is not a saved state', async () => {
    const sb = track(await startSandbox({ merchants: [MERCHANT_A] }));
    const file = tempFile();
    writeFileSync(file, '{"hello":1}');
    expect(() => sb.loadState(file)).toThrow(/not a saved sandbox state/);
    expect(() => sb.saveState()).toThrow(/No path/);
  });
});

describe('GET /sandbox/state and merchants', () => {
  it('lists invoices and exchanges per merchant without secrets', async () => {
    const { sb } = await startTestSandbox();
    track(sb);
    await post(sb, 'invoices/create', invoiceBody({ foreign_id: 'a-1' }));
    await post(sb, 'invoices/create', invoiceBody({ foreign_id: 'b-1' }), { merchant: MERCHANT_B });
    await quoteAndExchange(sb, 'ex-a');
    const all = await control(sb, 'GET', '/sandbox/state');
    expect(all.status).toBe(200);
    expect(all.text).not.toContain(MERCHANT_A.secret);
    expect(all.json.invoices.map((i: { foreign_id: string }) => i.foreign_id)).toEqual(['a-1', 'b-1']);
    expect(all.json.exchanges).toHaveLength(1);
    const onlyB = await control(sb, 'GET', `/sandbox/state?merchant=${MERCHANT_B.key}`);
    expect(onlyB.json.invoices.map((i: { foreign_id: string }) => i.foreign_id)).toEqual(['b-1']);
    expect(onlyB.json.merchants).toEqual([{ key: MERCHANT_B.key, name: MERCHANT_B.name, withdrawal_limit: null }]);
    expect((await control(sb, 'GET', '/sandbox/nothing')).status).toBe(404);
  });

  it('names each transaction’s hashes, which find it by txid, and none for an exchange', async () => {
    const { sb } = await startTestSandbox();
    track(sb);
    const invoice = (await post(sb, 'invoices/create', invoiceBody({ foreign_id: 'hashed', currency: 'BTC', amount: '0.01' }))).json.data;
    const paid = sb.payInvoice(invoice.id, { amount: '0.01' });
    const deposit = sb.state(MERCHANT_A.key).transactions.find((t) => t.id === paid.transactionId)!;
    expect(deposit.txids).toHaveLength(1);
    expect((await info(sb, { txid: deposit.txids[0] })).json.id).toBe(paid.transactionId);
    const order = (await quoteAndExchange(sb, 'ex-no-hash')).json.data;
    expect(sb.state(MERCHANT_A.key).transactions.find((t) => t.id === order.id)!.txids).toEqual([]);
  });

  it('adds merchants programmatically and through POST /sandbox/merchants, each with examples', async () => {
    const sb = track(await startSandbox({ merchants: [MERCHANT_A], control: true }));
    sb.addMerchant({ key: 'k3', secret: 's3' });
    const res = await control(sb, 'POST', '/sandbox/merchants', { key: 'k4', secret: 's4', name: 'Four' });
    expect(res.status).toBe(201);
    expect(sb.merchants.map((m) => m.name)).toEqual(['Merchant A', 'Merchant 2', 'Four']);
    const pairs = await post(sb, 'currencies/pairs', {}, { merchant: { key: 'k4', secret: 's4' } });
    expect(pairs.status).toBe(200);
    expect(sb.state('k3').transactions).toHaveLength(7);
    expect((await control(sb, 'POST', '/sandbox/merchants', { key: 'k5' })).status).toBe(400);
    expect(() => sb.addMerchant({ key: '', secret: 'x' })).toThrow(TypeError);
  });

  it('makes up a merchant when none is given', async () => {
    const sb = track(await startSandbox());
    expect(sb.merchants).toHaveLength(1);
    const [m] = sb.merchants;
    const body = '{}';
    const res = await post(sb, 'currencies/pairs', undefined, { raw: body, merchant: m!, signature: sign(m!.secret, body) });
    expect(res.status).toBe(200);
    expect(sb.baseUrl).toBe(`http://127.0.0.1:${sb.port}/api/v2`);
  });

  it('is reproducible: the same seed and clock give the same addresses, hashes and prices', async () => {
    const run = async () => {
      const sb = track(await startSandbox({ merchants: [MERCHANT_A], seed: 7, clock: manualClock().read }));
      const invoice = (await post(sb, 'invoices/create', invoiceBody({ foreign_id: 'r', currency: 'BTC', amount: '0.01' }))).json.data;
      const paid = sb.payInvoice(invoice.id, { amount: '0.01' });
      return { url: invoice.url.replace(sb.origin, ''), deposit: (await info(sb, { id: paid.transactionId })).json };
    };
    const a = await run();
    const b = await run();
    expect(a).toEqual(b);
  });
});
