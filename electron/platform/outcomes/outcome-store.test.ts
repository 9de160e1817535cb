import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutcomeEvent } from './outcome-store.ts';
import { MAX_DEPOSIT_EVENTS, openOutcomeStore } from './outcome-store.ts';

/**
 * Deposits into a deposit address in the outcome store: each deposit is a transaction of its own
 * whose callbacks name the address (crypto_address.id), so the store finds them by the address,
 * and a deposit's hash belongs to that address; an invoice's callback, which names the invoice's
 * own address, is never taken for a deposit. A file written before this indexing is indexed once.
 */

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const ADDRESS = { id: 40001, currency: 'BTC', convert_to: null, address: 'bc1qexample', tag: null, foreign_id: 'addr-20261127-abcdefgh' };
const TXID_1 = 'A1'.repeat(32);
const TXID_2 = 'b2'.repeat(32);

function depositEvent(cursor: string, transactionId: number, status: string, txid: string, type = 'deposit', address: object = ADDRESS): OutcomeEvent {
  const body = JSON.stringify({
    id: transactionId,
    type,
    crypto_address: address,
    currency_sent: { currency: 'BTC', amount: '0.01000000' },
    transactions: [{ txid, confirmations: status === 'confirmed' ? 3 : 0 }],
    fees: [],
    status,
  });
  return { cursor, type, objectId: String(transactionId), status, body, receivedAt: `2026-11-27T03:00:0${cursor}.000Z` };
}

function invoiceEvent(cursor: string): OutcomeEvent {
  const body = JSON.stringify({ id: 826901, type: 'invoice', foreign_id: 'inv-1', crypto_address: { ...ADDRESS, id: 40001 }, transactions: [{ txid: 'c3'.repeat(32) }], status: 'pending' });
  return { cursor, type: 'invoice', objectId: '826901', status: 'pending', body, receivedAt: '2026-11-27T03:00:09.000Z' };
}

describe('deposits in the outcome store', () => {
  it('finds every deposit into an address by the address, in the receiver’s order, and no invoice’s callback among them', () => {
    const store = openOutcomeStore(':memory:');
    store.add('p', [
      depositEvent('1', 134700001, 'not_confirmed', TXID_1),
      invoiceEvent('2'),
      depositEvent('3', 134700002, 'not_confirmed', TXID_2, 'deposit_exchange'),
      depositEvent('4', 134700001, 'confirmed', TXID_1),
      depositEvent('5', 134700003, 'confirmed', 'd4'.repeat(32), 'deposit', { ...ADDRESS, id: 40002 }),
    ]);
    expect(store.depositsInto('p', '40001').map((e) => [e.cursor, e.objectId, e.status])).toEqual([
      ['1', '134700001', 'not_confirmed'],
      ['3', '134700002', 'not_confirmed'],
      ['4', '134700001', 'confirmed'],
    ]);
    expect(store.depositsInto('p', '40002').map((e) => e.objectId)).toEqual(['134700003']);
    expect(store.depositsInto('other-profile', '40001')).toEqual([]);
    // Stored again (a receiver read twice): nothing twice.
    store.add('p', [depositEvent('4', 134700001, 'confirmed', TXID_1)]);
    expect(store.depositsInto('p', '40001')).toHaveLength(3);
  });

  it(`reads at most the latest ${MAX_DEPOSIT_EVENTS} events of an address's deposits, still in the receiver's order`, () => {
    const store = openOutcomeStore(':memory:');
    const events = Array.from({ length: MAX_DEPOSIT_EVENTS + 1 }, (_, i) => ({ ...depositEvent('1', 134700001 + i, 'confirmed', `${i}`.padStart(64, 'e')), cursor: String(i + 1) }));
    store.add('p', events);
    const read = store.depositsInto('p', '40001');
    expect(read).toHaveLength(MAX_DEPOSIT_EVENTS);
    expect(read[0]?.cursor).toBe('2');
    expect(read.at(-1)?.cursor).toBe(String(MAX_DEPOSIT_EVENTS + 1));
  });

  it('says a deposit’s hash belongs to the address the callback names, with the address’s foreign id', () => {
    const store = openOutcomeStore(':memory:');
    store.add('p', [depositEvent('1', 134700001, 'not_confirmed', TXID_1), depositEvent('2', 134700001, 'confirmed', TXID_1), invoiceEvent('3')]);
    expect(store.paidBy('p', [TXID_1.toLowerCase()])).toEqual([{ type: 'address', id: '40001', foreignId: ADDRESS.foreign_id }]);
    // An invoice's payment still belongs to the invoice, though its callback names an address too.
    expect(store.paidBy('p', ['c3'.repeat(32)])).toEqual([{ type: 'invoice', id: '826901', foreignId: 'inv-1' }]);
    // A deposit callback that names no address is its own object, as before.
    store.add('p', [{ ...depositEvent('4', 134700005, 'confirmed', TXID_2), body: JSON.stringify({ id: 134700005, type: 'deposit', transactions: [{ txid: TXID_2 }], status: 'confirmed' }) }]);
    expect(store.paidBy('p', [TXID_2])).toEqual([{ type: 'deposit', id: '134700005', foreignId: null }]);
    expect(store.depositsInto('p', '134700005')).toEqual([]);
  });

  it('indexes, once, the deposits a file kept before deposits were found by their address', () => {
    const folder = mkdtempSync(join(tmpdir(), 'mc-outcomes-'));
    folders.push(folder);
    const file = join(folder, 'outcomes.sqlite');
    // The file as the version before wrote it: events, and a deposit's hash filed under the deposit itself.
    const old = new DatabaseSync(file);
    old.exec(`CREATE TABLE outcome_events (profile_id TEXT NOT NULL, cursor INTEGER NOT NULL, type TEXT NOT NULL, object_id TEXT NOT NULL, status TEXT NOT NULL,
      body TEXT NOT NULL, received_at TEXT NOT NULL, PRIMARY KEY (profile_id, cursor));
      CREATE TABLE outcome_txids (profile_id TEXT NOT NULL, txid TEXT NOT NULL, type TEXT NOT NULL, object_id TEXT NOT NULL, foreign_id TEXT, PRIMARY KEY (profile_id, txid, type, object_id));`);
    const event = depositEvent('7', 134700001, 'confirmed', TXID_1);
    old.prepare('INSERT INTO outcome_events VALUES (?, ?, ?, ?, ?, ?, ?)').run('p', 7, event.type, event.objectId, event.status, event.body, event.receivedAt);
    old.prepare('INSERT INTO outcome_txids VALUES (?, ?, ?, ?, ?)').run('p', TXID_1.toLowerCase(), 'deposit', '134700001', null);
    old.close();

    const store = openOutcomeStore(file);
    expect(store.depositsInto('p', '40001').map((e) => e.cursor)).toEqual(['7']);
    expect(store.paidBy('p', [TXID_1])).toEqual([{ type: 'address', id: '40001', foreignId: ADDRESS.foreign_id }]);
    store.close();
    const again = openOutcomeStore(file);
    expect(again.depositsInto('p', '40001')).toHaveLength(1);
    again.close();
  });
});
