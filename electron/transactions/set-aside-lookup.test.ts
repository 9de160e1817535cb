import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachMessageInEnglish } from '../../shared/i18n/testing/in-english.ts';
import type { UnreadableElement } from '../../shared/api/wire.ts';
import type { Envelope } from '../../shared/ipc/errors.ts';
import type { JournalEntry } from '../../shared/ipc/journal.ts';
import type { ProfileView } from '../../shared/ipc/profile.ts';
import { startLoopbackServer } from '../platform/api/loopback-server.ts';
import type { LoopbackServer } from '../platform/api/loopback-server.ts';
import { createMemorySecretStore } from '../platform/profiles/secret-store.ts';
import { createMainServices } from '../app/main-services.ts';
import type { MainServices } from '../app/main-services.ts';

/**
 * Unreadable parts set aside, not the whole answer, through the real router, client, journal (SQLite) and dispute report (worker, read back
 * with pdftotext): a lookup whose answer has a fee and an entry that cannot be read succeeds with
 * the rest, is journaled as succeeded, and its dispute report prints each one as set aside.
 */

let host: LoopbackServer;
let dataDir: string;
let services: MainServices;

beforeAll(async () => {
  host = await startLoopbackServer();
  dataDir = await mkdtemp(join(tmpdir(), 'mc-set-aside-'));
  services = await createMainServices({ dataDir, secretStore: createMemorySecretStore(), log: () => {}, askPerson: async () => true });
  const saved = await value<ProfileView>('profiles.save', { name: 'Loopback', baseUrl: host.baseUrl, apiKey: 'key-loopback-1', secret: 'secret-loopback-1' });
  await value('profiles.select', { id: saved.id });
});
afterAll(async () => {
  await services?.close();
  await host?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function value<T>(channel: string, payload: unknown): Promise<T> {
  const answer = (await services.router.handle(channel, payload, { via: 'test' })) as Envelope<T>;
  if (!answer.ok) throw new Error(`${channel} failed: ${JSON.stringify(answer.error)}`);
  return answer.value;
}

const answer = JSON.stringify({
  id: 4711,
  status: 'confirmed',
  type: 'deposit',
  fees: [
    { type: 'mining', currency: 'BTC', amount: '0.00002000' },
    { type: 'deposit', currency: 'BTC', amount: '1,5' },
  ],
  transactions: [
    { id: 1, currency: 'BTC', transaction_type: 7, amount: '1' },
    { id: 2, currency: 'BTC', transaction_type: 'blockchain', amount: '0.00300000', txid: 'ab12', confirmations: 3 },
  ],
});

type Lookup = { transaction: { fees: unknown[]; transactions: unknown[] }; unreadable: { fees: UnreadableElement[]; transactions: UnreadableElement[] }; journalId: number };

describe('a lookup with a fee and an entry that cannot be read', () => {
  let looked: Lookup;
  beforeAll(async () => {
    host.answer({ status: 200, body: answer });
    looked = await value<Lookup>('transactions.lookup', { id: 4711 });
  });

  it('answers the rest over IPC, with what was set aside beside it', () => {
    expect(looked.transaction.fees).toEqual([{ type: 'mining', currency: 'BTC', amount: '0.00002000' }]);
    expect(looked.transaction.transactions).toHaveLength(1);
    expect(eachMessageInEnglish(looked.unreadable.fees)).toEqual([{ index: 1, field: 'amount', value: '1,5', message: 'is not a decimal amount' }]);
    expect(eachMessageInEnglish(looked.unreadable.transactions)).toEqual([{ index: 0, field: 'transaction_type', value: '7', message: 'expected string, received number' }]);
  });

  it('is journaled as a succeeded lookup, with the answer as received', async () => {
    const { entry } = await value<{ entry: JournalEntry }>('journal.get', { id: looked.journalId });
    expect(entry).toMatchObject({ operation: 'transactions.lookup', state: 'succeeded', response: answer });
  });

  it('makes a dispute report that prints each one as set aside, next to what was read', async () => {
    const saved = await value<{ path: string }>('reports.disputePdf', { id: looked.journalId });
    const text = execFileSync('pdftotext', ['-layout', saved.path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain('Network (mining) fee (mining): 0.00002000 BTC');
    expect(text).toContain('Set aside, #2 unreadable: amount = 1,5 (is not a decimal amount)');
    expect(text).toContain('Set aside, #1 unreadable: transaction_type = 7');
    expect(text).toContain('#2 On-chain transfer (blockchain)');
  });
});
