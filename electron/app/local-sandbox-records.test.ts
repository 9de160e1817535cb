import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProfileView } from '../../shared/ipc/profile.ts';
import { newForeignId } from '../../shared/submission/foreign-id.ts';
import { LOCAL_SANDBOX_ID } from '../platform/profiles/profile-book.ts';
import { accountsOf, createMemorySecretStore } from '../platform/profiles/secret-store.ts';
import type { SecretStore } from '../platform/profiles/secret-store.ts';
import { createMainServices, LOCAL_SANDBOX_STATE_FILE } from './main-services.ts';
import type { MainServices } from './main-services.ts';
import { sampleInvoiceRequest } from './testing/invoice-request.ts';

// The Local sandbox's records last as long as the data folder: through main's router, as the
// renderer asks, across another profile chosen and back, and across the app closed and opened again.

let dataDir: string;
let secretStore: SecretStore;
let services: MainServices;
const logs: string[] = [];

async function value<T>(channel: string, payload: unknown): Promise<T> {
  const answer = await services.router.handle(channel, payload, { via: 'test' });
  if (!answer.ok) throw new Error(`${channel} failed: ${JSON.stringify(answer.error)}`);
  return answer.value as T;
}
const open = () => createMainServices({ dataDir, secretStore, log: (message, details) => void logs.push(`${message} ${JSON.stringify(details)}`) });

async function newInvoiceId(): Promise<number> {
  return (await value<{ invoice: { id: number } }>('invoices.create', sampleInvoiceRequest())).invoice.id;
}
async function placeExchange(): Promise<{ foreignId: string; id: number }> {
  const { quoteId } = await value<{ quoteId: string }>('quotes.calculate', { sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '0.1' });
  const foreignId = newForeignId('exch');
  const placed = await value<{ order: { id: number } }>('exchange.place', { quoteId, foreignId });
  return { foreignId, id: placed.order.id };
}
async function balances(): Promise<Record<string, string>> {
  const list = await value<{ balances: Array<{ currency: string; balance: string }> }>('accounts.list', {});
  return Object.fromEntries(list.balances.map((b) => [b.currency, b.balance]));
}
async function lookUp(id: number): Promise<unknown> {
  return (await value<{ transaction: unknown }>('transactions.lookup', { id })).transaction;
}

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'mc-sandbox-records-'));
  secretStore = createMemorySecretStore();
  logs.length = 0;
  services = await open();
});
afterEach(async () => {
  await services.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the Local sandbox’s records', () => {
  it('stay when another profile is chosen and the Local sandbox again', async () => {
    const first = await newInvoiceId();
    const order = await placeExchange();
    const before = await balances();
    expect(before.BTC).not.toBe('1.25000000');
    const other = await value<ProfileView>('profiles.save', { name: 'Service test', baseUrl: 'https://sandbox.cryptoprocessing.com/api/v2', apiKey: 'test-key-12345678', secret: 'test-secret' });
    await value('profiles.select', { id: other.id });
    expect(services.sandbox.baseUrl()).toBeNull();
    await value('profiles.select', { id: LOCAL_SANDBOX_ID });

    expect(await lookUp(order.id)).toMatchObject({ id: order.id, foreign_id: order.foreignId });
    expect(await balances()).toEqual(before);
    expect(await newInvoiceId()).toBe(first + 1);
  });

  it('stay when the app is closed and opened again on the same data folder, with no key or secret in it', async () => {
    const first = await newInvoiceId();
    const order = await placeExchange();
    const before = await balances();
    await services.close();
    services = await open();

    expect(await lookUp(order.id)).toMatchObject({ id: order.id });
    expect(await balances()).toEqual(before);
    expect(await newInvoiceId()).toBe(first + 1);
    const stored = JSON.parse((await secretStore.get(accountsOf(LOCAL_SANDBOX_ID).credentials)) ?? '{}') as { apiKey: string; secret: string };
    const files = await readdir(dataDir, { recursive: true, withFileTypes: true });
    for (const file of files.filter((f) => f.isFile())) {
      const bytes = await readFile(join(file.parentPath, file.name), 'latin1');
      expect(bytes.includes(stored.apiKey) || bytes.includes(stored.secret), `${file.name} holds the sandbox's key or secret`).toBe(false);
    }
  });

  it('a damaged state file: the app still starts, says so, keeps the file aside, and gives new ids above the old', async () => {
    const first = await newInvoiceId();
    await services.close();
    const file = join(dataDir, LOCAL_SANDBOX_STATE_FILE);
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.slice(0, Math.floor(text.length / 2)));
    services = await open();

    expect(logs.some((line) => line.includes('could not be read') && line.includes('.damaged-'))).toBe(true);
    const aside = (await readdir(join(dataDir, 'local-sandbox'))).filter((name) => name.includes('.damaged-'));
    expect(aside).toHaveLength(1);
    expect(await newInvoiceId()).toBeGreaterThan(first);
  });
});
