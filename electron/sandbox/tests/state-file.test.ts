import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxHandle, SandboxOptions, StateSetAside } from '../index.ts';
import { startSandbox } from '../index.ts';
import { info, invoiceBody, manualClock, MERCHANT_A, post } from './helpers.ts';

// The app's own sandbox keeps its records in the data folder (stateWithoutCredentials): a stop and
// a start on the same file carry on where it was, ids never come twice, and a file it cannot read
// is set aside instead of failing the start.

const open: SandboxHandle[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sb) => sb.close()));
});
const folder = () => mkdtempSync(join(tmpdir(), 'sandbox-state-file-'));
const clock = manualClock();

async function start(file: string, options: SandboxOptions = {}): Promise<SandboxHandle> {
  const sb = await startSandbox({ merchants: [MERCHANT_A], clock: clock.read, stateFile: file, stateWithoutCredentials: true, ...options });
  open.push(sb);
  return sb;
}
async function stop(sb: SandboxHandle): Promise<void> {
  open.splice(open.indexOf(sb), 1);
  await sb.close();
}

async function balances(sb: SandboxHandle, merchant = MERCHANT_A): Promise<Record<string, string>> {
  const listed = (await post(sb, 'accounts/list', {}, { merchant })).json.data as Array<{ currency: string; balance: string }>;
  return Object.fromEntries(listed.map((b) => [b.currency, b.balance]));
}
async function newInvoiceId(sb: SandboxHandle, foreignId: string, merchant = MERCHANT_A, fields: Record<string, unknown> = {}): Promise<number> {
  const res = await post(sb, 'invoices/create', invoiceBody({ foreign_id: foreignId, ...fields }), { merchant });
  expect(res.status).toBe(201);
  return res.json.data.id as number;
}
async function exchange(sb: SandboxHandle, foreignId: string): Promise<number> {
  const quote = (await post(sb, 'exchange/calculate', { sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '0.1' })).json.data;
  const placed = await post(sb, 'exchange/fixed', { foreign_id: foreignId, price: quote.price, sender_amount: quote.sender_amount });
  expect(placed.status).toBe(201);
  return placed.json.data.id as number;
}

describe('the sandbox started again on its state file', () => {
  it('keeps balances, orders and invoices, and its ids carry on', async () => {
    const file = join(folder(), 'state.json');
    const first = await start(file);
    const invoiceId = await newInvoiceId(first, 'before-stop', MERCHANT_A, { currency: 'BTC', amount: '0.01' });
    const orderId = await exchange(first, 'ex-before-stop');
    const paid = first.payInvoice(invoiceId, { amount: '0.01' });
    const before = await balances(first);
    await stop(first);

    const again = await start(file);
    expect(await balances(again)).toEqual(before);
    expect((await info(again, { foreign_id: 'ex-before-stop' })).json.id).toBe(orderId);
    expect((await info(again, { id: paid.transactionId })).json.type).toBe('deposit');
    expect(again.state().invoices.map((i) => i.id)).toEqual([invoiceId]);
    expect(await newInvoiceId(again, 'after-start')).toBe(invoiceId + 1);
    expect(await exchange(again, 'ex-after-start')).toBeGreaterThan(paid.transactionId);
    // Examples are not preloaded again, under new ids, at each start.
    expect(again.state().transactions.filter((t) => t.kind === 'static')).toHaveLength(7);
  });

  it('writes no key and no secret: the records follow the merchant given at start, whatever its key', async () => {
    const file = join(folder(), 'state.json');
    const first = await start(file);
    const invoiceId = await newInvoiceId(first, 'kept-with-the-folder');
    const before = await balances(first);
    await stop(first);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(MERCHANT_A.key);
    expect(text).not.toContain(MERCHANT_A.secret);

    // A keychain that lost the profile's credentials makes new ones: the folder's records stay.
    const renewed = { key: 'key-renewed', secret: 'secret-renewed', name: 'Local sandbox' };
    const again = await start(file, { merchants: [renewed] });
    expect(again.merchants.map((m) => m.key)).toEqual([renewed.key]);
    expect(await balances(again, renewed)).toEqual(before);
    expect(await newInvoiceId(again, 'with-the-new-key', renewed)).toBe(invoiceId + 1);
    expect((await post(again, 'accounts/list', {}, { merchant: MERCHANT_A })).status).toBe(403);
  });

  it('moves its counters past ids its records name, even when a counter lags behind', async () => {
    const file = join(folder(), 'state.json');
    const first = await start(file);
    const invoiceId = await newInvoiceId(first, 'lagging');
    await stop(first);
    writeFileSync(file, readFileSync(file, 'utf8').replace(/"nextInvoiceId":\d+/, '"nextInvoiceId":826901'));
    const again = await start(file);
    expect(await newInvoiceId(again, 'not-a-repeat')).toBe(invoiceId + 1);
  });
});

describe('a state file the sandbox cannot read', () => {
  async function startOn(file: string): Promise<{ sb: SandboxHandle; notices: StateSetAside[] }> {
    const notices: StateSetAside[] = [];
    const sb = await start(file, { onStateSetAside: (notice) => void notices.push(notice) });
    return { sb, notices };
  }

  it('damaged: is kept aside, said so, and the fresh start gives ids above every id it named', async () => {
    const dir = folder();
    const file = join(dir, 'state.json');
    const first = await start(file);
    const ids = [await newInvoiceId(first, 'one'), await newInvoiceId(first, 'two')];
    const orderId = await exchange(first, 'ex-lost');
    await stop(first);
    const whole = readFileSync(file, 'utf8');
    const damaged = whole.slice(0, whole.indexOf('"ex-lost"') + 20); // cut short after the exchange
    writeFileSync(file, damaged);

    const { sb, notices } = await startOn(file);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.reason).toMatch(/JSON|Unexpected|end/i);
    expect(readFileSync(notices[0]!.keptAs, 'utf8')).toBe(damaged);
    expect(notices[0]!.keptAs).toMatch(/state\.json\.damaged-/);
    expect(sb.state().invoices).toEqual([]); // fresh
    expect(await newInvoiceId(sb, 'three')).toBeGreaterThan(Math.max(...ids));
    expect(await exchange(sb, 'ex-new')).toBeGreaterThan(orderId);
  });

  it('not JSON at all, or from a newer version: still a start, and the file is kept for that version', async () => {
    const dir = folder();
    const file = join(dir, 'state.json');
    writeFileSync(file, '\u0000\u0000garbage');
    const garbage = await startOn(file);
    expect(garbage.notices).toHaveLength(1);
    const firstId = await newInvoiceId(garbage.sb, 'after-garbage');
    await stop(garbage.sb);

    const saved = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify({ ...saved, version: 2, somethingNew: [] }));
    const newer = await startOn(file);
    expect(newer.notices[0]!.reason).toMatch(/newer version/);
    expect(newer.notices[0]!.keptAs).toMatch(/state\.json\.newer-/);
    expect(readdirSync(dir).filter((name) => name.startsWith('state.json.')).sort()).toHaveLength(2);
    expect(await newInvoiceId(newer.sb, 'after-newer')).toBeGreaterThan(firstId);
  });

  it('a later damaged file still starts above the ids of one set aside before', async () => {
    const dir = folder();
    const file = join(dir, 'state.json');
    const first = await start(file);
    for (const n of [1, 2, 3]) await newInvoiceId(first, `early-${n}`);
    const early = first.state().invoices.map((i) => i.id);
    await stop(first);
    writeFileSync(file, readFileSync(file, 'utf8').slice(0, -10));
    const second = await startOn(file);
    await stop(second.sb);
    writeFileSync(file, ''); // damaged from outside to nothing: it names no id at all
    const third = await startOn(file);
    expect(third.notices).toHaveLength(1);
    expect(await newInvoiceId(third.sb, 'late')).toBeGreaterThan(Math.max(...early));
  });
});
