import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppFailure } from '../../../shared/ipc/errors.ts';
import { openJournalDatabase } from './database.ts';
import { createJournal } from './journal.ts';
import type { PendingInput } from './journal.ts';
import type { Author } from './store.ts';

/**
 * Who made each entry and who resolved it, in the SQLite journal as in the team journal:
 * the person's display name (which may be set while the app runs), the computer, this desktop's id,
 * and an id of the entry's own that it keeps wherever it is copied.
 */

let dir: string;
let db: DatabaseSync;
let author: Author;
let clock: number;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'journal-authors-'));
  db = openJournalDatabase(join(dir, 'journal.sqlite'));
  author = { name: null, computer: 'FINANCE-01', desktopId: '0b6f9a8e-6c1d-4f7a-9d3e-5a1b2c3d4e5f' };
  clock = Date.parse('2026-05-04T10:00:00.000Z');
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const journalOf = () => createJournal(db, { author: () => author, now: () => new Date((clock += 1000)) });
const invoice = (foreignId: string, profileId = 'p1'): PendingInput => ({ profileId, profileName: 'Shop', operation: 'invoices.create', foreignId, request: {} });
const stored = (id: number) => db.prepare('SELECT desktop_id, entry_uid FROM entries WHERE id = ?').get(id) as { desktop_id: string; entry_uid: string };

describe('who made each entry', () => {
  it('is read at each write: an entry made before the display name was set names nobody, the next one names the person', async () => {
    const journal = journalOf();
    const before = await journal.record(invoice('inv-1'), { state: 'failed', message: 'Refused.' });
    author = { ...author, name: 'Ana Ruiz' };
    const after = await journal.record(invoice('inv-2'), { state: 'failed', message: 'Refused.' });
    expect(before).toMatchObject({ madeBy: null, madeOn: 'FINANCE-01', resolvedBy: null, resolvedOn: null, resolvedAt: null });
    expect(after).toMatchObject({ madeBy: 'Ana Ruiz', madeOn: 'FINANCE-01' });
  });

  it("keeps this desktop's id and a new uid on every entry, pending ones included", async () => {
    const journal = journalOf();
    const ids = [await journal.begin(invoice('inv-a')), await journal.begin(invoice('inv-b'), () => {}), (await journal.record(invoice('inv-c'), { state: 'succeeded' })).id];
    const rows = ids.map(stored);
    expect(rows.map((row) => row.desktop_id)).toEqual([author.desktopId, author.desktopId, author.desktopId]);
    for (const row of rows) expect(row.entry_uid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(rows.map((row) => row.entry_uid)).size).toBe(3);
  });

  it("lists a profile's people once each, in order, without the entries that name nobody or another profile's", async () => {
    const journal = journalOf();
    for (const [name, profileId] of [['Ben Okafor', 'p1'], [null, 'p1'], ['Ana Ruiz', 'p1'], ['Ben Okafor', 'p1'], ['Zoë Martin', 'p2'], ['Álvaro Díaz', 'p1']] as const) {
      author = { ...author, name };
      await journal.record(invoice(`inv-${String(name)}-${profileId}`, profileId), { state: 'succeeded' });
    }
    expect(await journal.people('p1')).toEqual(['Álvaro Díaz', 'Ana Ruiz', 'Ben Okafor']);
    expect(await journal.people('p2')).toEqual(['Zoë Martin']);
    expect(await journal.people('nobody')).toEqual([]);
  });
});

describe('who resolved an unknown outcome', () => {
  it('is recorded with the computer and the time; a second resolution is refused with who was first, and writes nothing', async () => {
    const journal = journalOf();
    const id = await journal.begin(invoice('inv-lost'));
    await journal.markSent(id);
    await journal.finish(id, { state: 'unknown', message: 'No answer came within 30 s.' });
    author = { ...author, name: 'Ana Ruiz' };
    const resolved = await journal.resolve(id, 'succeeded', 'Seen in the back office.');
    const at = new Date(clock).toISOString();
    expect(resolved).toMatchObject({ state: 'succeeded', message: 'Resolved by hand: Seen in the back office.', resolvedBy: 'Ana Ruiz', resolvedOn: 'FINANCE-01', resolvedAt: at, updatedAt: at });

    author = { name: 'Ben Okafor', computer: 'FINANCE-02', desktopId: author.desktopId };
    const refusal = journal.resolve(id, 'failed', 'Not there.');
    await expect(refusal).rejects.toBeInstanceOf(AppFailure);
    await expect(refusal).rejects.toMatchObject({ error: { kind: 'invalid_request', message: `Ana Ruiz on FINANCE-01 already recorded it as succeeded at ${at}.` } });
    expect(await journal.get(id)).toEqual(resolved);
  });

  it('is refused for an entry that was never unknown, or does not exist', async () => {
    const journal = journalOf();
    const done = await journal.record(invoice('inv-done'), { state: 'succeeded' });
    const never = { error: { kind: 'invalid_request', message: 'Only an entry whose outcome is unknown can be resolved.' } };
    await expect(journal.resolve(done.id, 'failed', 'No.')).rejects.toMatchObject(never);
    await expect(journal.resolve(9999, 'failed', 'No.')).rejects.toMatchObject(never);
    expect(await journal.get(done.id)).toEqual(done);
  });
});

describe('the check of earlier tries and the pending entry', () => {
  it('stay one write, even when two submissions of one foreign id begin at the same moment: exactly one is let through', async () => {
    const journal = journalOf();
    const once = (tries: unknown[]) => {
      if (tries.length > 0) throw new Error('already tried');
    };
    const results = await Promise.allSettled([journal.begin(invoice('inv-race'), once), journal.begin(invoice('inv-race'), once)]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await journal.triesOf('p1', 'invoices.create', 'inv-race')).toHaveLength(1);
  });
});
