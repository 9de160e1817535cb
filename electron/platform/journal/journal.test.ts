import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openJournalDatabase, JOURNAL_SCHEMA_VERSION } from './index.ts';
import type { JournalStore } from './index.ts';
import { migrateSqliteJournal } from './schema/sqlite-migrations.ts';
import { testJournal } from './test-journal.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'journal-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const invoiceRequest = {
  timer: false,
  title: 'Order 1001',
  foreign_id: 'inv-1001',
  currency: 'EUR',
  amount: '100.10',
  email_user: 'buyer@example.com',
  end_user_reference: 'cust-42',
  sender_type: 'natural',
  sender_data: { first_name: 'Adalind', last_name: 'Quenby', date_of_birth: '1985-12-10' },
};

/** A journal file as the app of an older schema version left it. */
function journalFileAt(file: string, version: number): DatabaseSync {
  const db = new DatabaseSync(file);
  migrateSqliteJournal(db, version);
  return db;
}

function pending(journal: JournalStore, foreignId = 'inv-1001', profileId = 'p1'): Promise<number> {
  return journal.begin({
    profileId,
    profileName: 'Shop',
    operation: 'invoices.create',
    foreignId,
    title: 'Order 1001',
    endUserReference: 'cust-42',
    currency: 'EUR',
    amount: '100.10',
    request: { ...invoiceRequest, foreign_id: foreignId },
  });
}

describe('journal', async () => {
  it('migrates a new file to the current schema and opens it again', async () => {
    const file = join(dir, 'journal.sqlite');
    openJournalDatabase(file).close();
    const db = openJournalDatabase(file);
    expect((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version).toBe(JOURNAL_SCHEMA_VERSION);
    expect((db.prepare('PRAGMA journal_mode').get() as { journal_mode: string }).journal_mode).toBe('wal');
  });

  it('writes pending first, then the outcome', async () => {
    const journal = testJournal(openJournalDatabase(join(dir, 'j.sqlite')));
    const id = await pending(journal);
    expect((await journal.get(id))?.state).toBe('pending');
    const done = await journal.finish(id, { state: 'succeeded', serviceId: 826900, serviceStatus: 'created', httpStatus: 201, durationMs: 42.4 });
    expect(done).toMatchObject({ state: 'succeeded', serviceId: '826900', serviceStatus: 'created', httpStatus: 201, durationMs: 42, amount: '100.10' });
  });

  // The sent mark changed this test: a crash used to make every pending entry unknown; now only one
  // whose sent mark was written (it may have left), and one without a mark is failed (it never did).
  it('turns entries cut off by a crash after their sent mark into unknown on the next start', async () => {
    const file = join(dir, 'j.sqlite');
    const first = testJournal(openJournalDatabase(file));
    const id = await pending(first);
    await first.markSent(id);
    // A new connection stands for the next start of the app.
    const next = testJournal(openJournalDatabase(file));
    const recovered = await next.recoverInterrupted();
    expect(recovered.map((e) => e.id)).toEqual([id]);
    expect(await next.get(id)).toMatchObject({ state: 'unknown', foreignId: 'inv-1001', sentAt: expect.any(String) });
    expect((await next.get(id))?.message).toMatch(/look it up by its foreign id/);
    expect(await next.recoverInterrupted()).toEqual([]);
  });

  it('turns entries cut off by a crash before their sent mark into failed: nothing left the machine', async () => {
    const file = join(dir, 'j.sqlite');
    const id = await pending(testJournal(openJournalDatabase(file)));
    const next = testJournal(openJournalDatabase(file));
    expect((await next.recoverInterrupted()).map((e) => e.id)).toEqual([id]);
    expect(await next.get(id)).toMatchObject({ state: 'failed', sentAt: null, httpStatus: null });
    expect((await next.get(id))?.message).toMatch(/stopped before the request was sent: nothing reached the service/);
  });

  it('writes the sent mark once, and only on a pending entry: otherwise it throws, so nothing is sent', async () => {
    const journal = testJournal(openJournalDatabase(join(dir, 'j.sqlite')));
    const id = await pending(journal);
    await journal.markSent(id);
    await expect(journal.markSent(id)).rejects.toThrow(/not a pending submission without a sent mark/);
    const settled = await pending(journal, 'inv-settled');
    await journal.finish(settled, { state: 'failed', message: 'Refused.' });
    await expect(journal.markSent(settled)).rejects.toThrow(/not a pending submission/);
    await expect(journal.markSent(9999)).rejects.toThrow(/not a pending submission/);
  });

  it('checks the earlier tries and writes the pending entry in one transaction: a refusal writes nothing', async () => {
    const journal = testJournal(openJournalDatabase(join(dir, 'j.sqlite')));
    const first = await pending(journal, 'inv-twice');
    const seen: number[][] = [];
    await expect(
      journal.begin({ profileId: 'p1', profileName: 'Shop', operation: 'invoices.create', foreignId: 'inv-twice', request: {} }, (tries) => {
        seen.push(tries.map((t) => t.id));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(seen).toEqual([[first]]);
    expect((await journal.triesOf('p1', 'invoices.create', 'inv-twice')).map((t) => t.id)).toEqual([first]);
    const second = await journal.begin({ profileId: 'p1', profileName: 'Shop', operation: 'invoices.create', foreignId: 'inv-twice', request: {} }, () => {});
    expect((await journal.triesOf('p1', 'invoices.create', 'inv-twice')).map((t) => t.id)).toEqual([first, second]);
  });

  it('counts submissions written before the sent mark existed as sent: nothing proves they never left', async () => {
    const file = join(dir, 'old.sqlite');
    const old = new DatabaseSync(file);
    // The first schema, as an earlier version of the app left it, with one invoice and one lookup.
    old.exec(`CREATE TABLE entries (id INTEGER PRIMARY KEY AUTOINCREMENT, profile_id TEXT NOT NULL, profile_name TEXT NOT NULL,
      operation TEXT NOT NULL, state TEXT NOT NULL, foreign_id TEXT, service_id TEXT, service_status TEXT, title TEXT,
      end_user_reference TEXT, currency TEXT, amount TEXT, request TEXT NOT NULL, response TEXT, http_status INTEGER,
      duration_ms INTEGER, message TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL); PRAGMA user_version = 1;`);
    const insert = old.prepare(`INSERT INTO entries (profile_id, profile_name, operation, state, foreign_id, request, created_at, updated_at)
      VALUES ('p1', 'Shop', ?, 'failed', ?, '{}', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:01.000Z')`);
    insert.run('exchange.place', 'exch-old');
    insert.run('transaction.lookup', null);
    old.close();
    const journal = testJournal(openJournalDatabase(file));
    expect(await journal.triesOf('p1', 'exchange.place', 'exch-old')).toMatchObject([{ state: 'failed', httpStatus: null, sentAt: '2026-01-01T00:00:00.000Z' }]);
    expect((await journal.search('p1', { operation: 'transactions.lookup' })).entries).toMatchObject([{ sentAt: null }]);
  });

  it('names the origin each call went to; entries of a journal from before the column have none', async () => {
    const file = join(dir, 'origin.sqlite');
    // The journal as the version before the origin column left it (the column is migration 3).
    const before = journalFileAt(file, 2);
    before
      .prepare(`INSERT INTO entries (profile_id, profile_name, operation, state, request, created_at, updated_at)
        VALUES ('p1', 'Shop', 'transaction.lookup', 'succeeded', '{}', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`)
      .run();
    before.close();
    const journal = testJournal(openJournalDatabase(file));
    const id = await journal.begin({ profileId: 'p1', profileName: 'Shop', origin: 'https://app.cryptoprocessing.com', operation: 'invoices.create', foreignId: 'inv-o', request: {} });
    expect((await journal.get(id))?.origin).toBe('https://app.cryptoprocessing.com');
    expect((await journal.search('p1', { operation: 'transactions.lookup' })).entries).toMatchObject([{ origin: null }]);
  });

  it('finds a lookup again by any txid it saw or asked for, and a deposit address by the address', async () => {
    const journal = testJournal(openJournalDatabase(join(dir, 'j.sqlite')));
    const lookup = async (txids: string[], seen?: string[]) => {
      const id = await journal.begin({ profileId: 'p1', profileName: 'Shop', operation: 'transactions.lookup', request: {}, txids });
      return journal.finish(id, seen ? { state: 'succeeded', serviceId: 5, txids: [...txids, ...seen] } : { state: 'failed', message: 'not found' });
    };
    const found = await lookup(['AB12CD'], ['ef34', 'ab12cd', 'ef34']);
    const missed = await lookup(['77aa']);
    const byId = await lookup([], ['9f9f']);
    expect(found.txids).toEqual(['AB12CD', 'ef34', 'ab12cd']);
    expect(missed.txids).toEqual(['77aa']);
    expect(((await journal.search('p1', { text: 'ef34' })).entries).map((e) => e.id)).toEqual([found.id]);
    expect(((await journal.search('p1', { text: '77AA' })).entries).map((e) => e.id)).toEqual([missed.id]);
    expect(((await journal.search('p1', { text: '9f9f' })).entries).map((e) => e.id)).toEqual([byId.id]);
    const taken = await journal.begin({ profileId: 'p1', profileName: 'Shop', operation: 'addresses.take', foreignId: 'user-id:2048', currency: 'XRP', request: {} });
    await journal.finish(taken, { state: 'succeeded', serviceId: 7, address: 'rN7n7otQDd6FczFgLdSqtcsAUxDkw6fzRH' });
    expect((await journal.search('p1', { text: 'rN7n7otQ' })).entries).toMatchObject([{ id: taken, operation: 'addresses.take', address: 'rN7n7otQDd6FczFgLdSqtcsAUxDkw6fzRH', txids: [] }]);
  });

  it('gives lookups kept before the txids column the txids of their kept answer, where it is whole JSON', async () => {
    const file = join(dir, 'txids.sqlite');
    // The journal as the version before the txids and address columns left it (they are migration 4).
    const before = journalFileAt(file, 3);
    const insert = before.prepare(`INSERT INTO entries (profile_id, profile_name, operation, state, request, response, created_at, updated_at)
      VALUES ('p1', 'Shop', ?, 'succeeded', '{}', ?, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`);
    const entries = '[{"txid":"aa11"},{"txid":7.85e+76},{"txid":null},5,{"txid":"aa11"},{"txid":"bb22"}]';
    insert.run('transaction.lookup', `{"id":1,"status":"confirmed","fees":[],"transactions":${entries}}`);
    insert.run('transaction.lookup', `{"id":2,"transactions":[{"txid":"cc33"}]}\n[cut by Merchant Console: 70000 characters arrived, the first 65536 are kept]`);
    insert.run('transaction.lookup', null);
    insert.run('invoice.create', '{"transactions":[{"txid":"dd44"}]}');
    before.close();
    const journal = testJournal(openJournalDatabase(file));
    expect(((await journal.search('p1')).entries).map((e) => e.txids).reverse()).toEqual([['aa11', '7.85e+76', 'bb22'], [], [], []]);
    expect((await journal.search('p1', { text: 'bb22' })).entries).toHaveLength(1);
    expect((await journal.search('p1', { text: 'dd44' })).entries).toHaveLength(0);
  });

  it('keeps no sender personal data and no e-mail on disk', async () => {
    const file = join(dir, 'j.sqlite');
    const db = openJournalDatabase(file);
    const journal = testJournal(db);
    const id = await pending(journal);
    await journal.finish(id, { state: 'failed', httpStatus: 400, message: 'The foreign id has already been taken.' });
    expect((await journal.get(id))?.request).not.toHaveProperty('sender_data');
    expect((await journal.get(id))?.request).toMatchObject({ sender_type: 'natural', foreign_id: 'inv-1001' });
    db.close();
    for (const name of readdirSync(dir)) {
      const bytes = readFileSync(join(dir, name)).toString('latin1');
      for (const secret of ['Adalind', 'Quenby', '1985-12-10', 'buyer@example.com']) expect(bytes, name).not.toContain(secret);
    }
  });

  it('searches one profile, newest first, by text, state, status and date range', async () => {
    let clock = Date.parse('2026-01-01T10:00:00Z');
    const journal = testJournal(openJournalDatabase(join(dir, 'j.sqlite')), () => new Date((clock += 60_000)));
    const a = await pending(journal, 'inv-a');
    await journal.finish(a, { state: 'succeeded', serviceId: 1, serviceStatus: 'created' });
    const b = await pending(journal, 'inv-b');
    await journal.finish(b, { state: 'failed', message: 'nope' });
    await pending(journal, 'inv-c', 'p2');
    expect(((await journal.search('p1')).entries).map((e) => e.foreignId)).toEqual(['inv-b', 'inv-a']);
    expect(((await journal.search('p1', { text: 'inv-a' })).entries).map((e) => e.id)).toEqual([a]);
    expect(((await journal.search('p1', { state: 'failed' })).entries).map((e) => e.id)).toEqual([b]);
    expect(((await journal.search('p1', { serviceStatus: 'created' })).entries).map((e) => e.id)).toEqual([a]);
    expect((await journal.search('p1', { text: '%' })).entries).toEqual([]);
    expect((await journal.search('p1', { from: '2026-01-01', to: '2026-01-01' })).entries).toHaveLength(2);
    expect((await journal.search('p1', { from: '2026-01-02' })).entries).toHaveLength(0);
    expect((await journal.findByForeignId('p1', 'invoices.create', 'inv-b'))?.state).toBe('failed');
  });
});
