import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createJournal, openJournalDatabase, JOURNAL_SCHEMA_VERSION } from './index.ts';

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

function pending(journal: ReturnType<typeof createJournal>, foreignId = 'inv-1001', profileId = 'p1') {
  return journal.begin({
    profileId,
    profileName: 'Shop',
    operation: 'invoice.create',
    foreignId,
    title: 'Order 1001',
    endUserReference: 'cust-42',
    currency: 'EUR',
    amount: '100.10',
    request: { ...invoiceRequest, foreign_id: foreignId },
  });
}

describe('journal', () => {
  it('migrates a new file to the current schema and opens it again', () => {
    const file = join(dir, 'journal.sqlite');
    openJournalDatabase(file).close();
    const db = openJournalDatabase(file);
    expect((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version).toBe(JOURNAL_SCHEMA_VERSION);
    expect((db.prepare('PRAGMA journal_mode').get() as { journal_mode: string }).journal_mode).toBe('wal');
  });

  it('writes pending first, then the outcome', () => {
    const journal = createJournal(openJournalDatabase(join(dir, 'j.sqlite')));
    const id = pending(journal);
    expect(journal.get(id)?.state).toBe('pending');
    const done = journal.finish(id, { state: 'succeeded', serviceId: 826900, serviceStatus: 'created', httpStatus: 201, durationMs: 42.4 });
    expect(done).toMatchObject({ state: 'succeeded', serviceId: '826900', serviceStatus: 'created', httpStatus: 201, durationMs: 42, amount: '100.10' });
  });

  it('turns entries cut off by a crash into unknown on the next start', () => {
    const file = join(dir, 'j.sqlite');
    const first = createJournal(openJournalDatabase(file));
    const id = pending(first);
    // A new connection stands for the next start of the app.
    const next = createJournal(openJournalDatabase(file));
    const recovered = next.recoverInterrupted();
    expect(recovered.map((e) => e.id)).toEqual([id]);
    expect(next.get(id)).toMatchObject({ state: 'unknown', foreignId: 'inv-1001' });
    expect(next.get(id)?.message).toMatch(/look it up by its foreign id/);
    expect(next.recoverInterrupted()).toEqual([]);
  });

  it('keeps no sender personal data and no e-mail on disk', () => {
    const file = join(dir, 'j.sqlite');
    const db = openJournalDatabase(file);
    const journal = createJournal(db);
    journal.finish(pending(journal), { state: 'failed', httpStatus: 400, message: 'The foreign id has already been taken.' });
    expect(journal.search('p1')[0]?.request).not.toHaveProperty('sender_data');
    expect(journal.search('p1')[0]?.request).toMatchObject({ sender_type: 'natural', foreign_id: 'inv-1001' });
    db.close();
    for (const name of readdirSync(dir)) {
      const bytes = readFileSync(join(dir, name)).toString('latin1');
      for (const secret of ['Adalind', 'Quenby', '1985-12-10', 'buyer@example.com']) expect(bytes, name).not.toContain(secret);
    }
  });

  it('searches one profile, newest first, by text, state, status and date range', () => {
    let clock = Date.parse('2026-01-01T10:00:00Z');
    const journal = createJournal(openJournalDatabase(join(dir, 'j.sqlite')), () => new Date((clock += 60_000)));
    const a = pending(journal, 'inv-a');
    journal.finish(a, { state: 'succeeded', serviceId: 1, serviceStatus: 'created' });
    const b = pending(journal, 'inv-b');
    journal.finish(b, { state: 'failed', message: 'nope' });
    pending(journal, 'inv-c', 'p2');
    expect(journal.search('p1').map((e) => e.foreignId)).toEqual(['inv-b', 'inv-a']);
    expect(journal.search('p1', { text: 'inv-a' }).map((e) => e.id)).toEqual([a]);
    expect(journal.search('p1', { state: 'failed' }).map((e) => e.id)).toEqual([b]);
    expect(journal.search('p1', { serviceStatus: 'created' }).map((e) => e.id)).toEqual([a]);
    expect(journal.search('p1', { text: '%' })).toEqual([]);
    expect(journal.search('p1', { from: '2026-01-01', to: '2026-01-01' })).toHaveLength(2);
    expect(journal.search('p1', { from: '2026-01-02' })).toHaveLength(0);
    expect(journal.findByForeignId('p1', 'invoice.create', 'inv-b')?.state).toBe('failed');
  });
});
