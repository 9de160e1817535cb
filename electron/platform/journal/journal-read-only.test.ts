import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sayerFor, sayWording } from '../../../shared/i18n/index.ts';
import { isAppFailure } from '../../../shared/ipc/errors.ts';
import { openJournalDatabase } from './database.ts';
import { LATEST_JOURNAL_VERSION } from './schema/journal-schema.ts';
import type { JournalStore } from './store.ts';
import { testJournal } from './test-journal.ts';

/**
 * A journal file a newer app upgraded (a desktop that meets a newer schema than it knows says so and
 * stays read-only): history and search work; every write is refused in words that say
 * why, before anything is written (so nothing that needs the journal is sent); recovery leaves the
 * file to the newer app.
 */

let dir: string;
let file: string;
let unknownId: number;
let pendingId: number;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'journal-read-only-'));
  file = join(dir, 'journal.sqlite');
  const db = openJournalDatabase(file);
  const current = testJournal(db);
  unknownId = await current.begin({ profileId: 'p1', profileName: 'Shop', operation: 'invoices.create', foreignId: 'inv-lost', request: {} });
  await current.markSent(unknownId);
  await current.finish(unknownId, { state: 'unknown', message: 'No answer came within 30 s.' });
  // A submission cut off by a crash, which the newer app will settle.
  pendingId = await current.begin({ profileId: 'p1', profileName: 'Shop', operation: 'exchange.place', foreignId: 'exch-cut', request: {} });
  await current.markSent(pendingId);
  db.close();
  // What a newer app does: adds what it needs, and says so.
  const newer = new DatabaseSync(file);
  newer.exec(`ALTER TABLE entries ADD COLUMN approved_by TEXT; PRAGMA user_version = ${LATEST_JOURNAL_VERSION + 1};`);
  newer.close();
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const refusal = {
  error: {
    kind: 'journal_unavailable',
    message: `The journal on this computer was upgraded by a newer version of Merchant Console (schema ${LATEST_JOURNAL_VERSION + 1}; this console knows ${LATEST_JOURNAL_VERSION}). It is open read-only: history and search work, but nothing can be recorded, so nothing that needs the journal is sent. Update this console.`,
  },
};

const rows = () => {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return db.prepare('SELECT * FROM entries ORDER BY id').all();
  } finally {
    db.close();
  }
};

describe('a journal file upgraded by a newer app', () => {
  let journal: JournalStore;
  beforeEach(() => {
    journal = testJournal(openJournalDatabase(file));
  });

  it('says so, and reads as before: history, search, an entry, its tries, the people', async () => {
    expect(journal.schema).toEqual({ found: LATEST_JOURNAL_VERSION + 1, known: LATEST_JOURNAL_VERSION, readOnly: true });
    expect(((await journal.search('p1')).entries).map((e) => e.id)).toEqual([pendingId, unknownId]);
    expect((await journal.search('p1', { state: 'unknown' })).entries).toMatchObject([{ id: unknownId, foreignId: 'inv-lost', madeBy: 'Ana Ruiz' }]);
    expect(await journal.get(unknownId)).toMatchObject({ state: 'unknown' });
    expect(await journal.triesOf('p1', 'exchange.place', 'exch-cut')).toMatchObject([{ id: pendingId, state: 'pending' }]);
    expect(await journal.findByForeignId('p1', 'invoices.create', 'inv-lost')).toMatchObject({ id: unknownId });
    expect(await journal.people('p1')).toEqual(['Ana Ruiz']);
    expect(await journal.lastId('p1')).toBe(pendingId);
    expect((await journal.attention('p1')).entries).toMatchObject([{ id: unknownId, state: 'unknown' }]);
  });

  it('refuses every write in words that say why, and writes nothing', async () => {
    const before = rows();
    const input = { profileId: 'p1', profileName: 'Shop', operation: 'invoices.create', foreignId: 'inv-new', request: {} } as const;
    await expect(journal.begin(input)).rejects.toMatchObject(refusal);
    await expect(journal.begin(input, () => {})).rejects.toMatchObject(refusal);
    await expect(journal.markSent(pendingId)).rejects.toMatchObject(refusal);
    await expect(journal.finish(pendingId, { state: 'failed' })).rejects.toMatchObject(refusal);
    await expect(journal.record({ ...input, operation: 'transactions.lookup' }, { state: 'succeeded' })).rejects.toMatchObject(refusal);
    await expect(journal.resolve(unknownId, 'failed', 'Not in the back office.')).rejects.toMatchObject(refusal);
    expect(rows()).toEqual(before);
  });

  it("carries its words as a catalogue message, said in the window's language", async () => {
    const thrown = await journal.markSent(pendingId).catch((error: unknown) => error);
    if (!isAppFailure(thrown) || !thrown.wording) throw new Error('expected a worded failure');
    expect(sayWording(sayerFor('de'), thrown.wording)).toBe(
      `Das Journal auf diesem Computer wurde von einer neueren Version von Merchant Console aktualisiert (Schema ${LATEST_JOURNAL_VERSION + 1}; diese Konsole kennt ${LATEST_JOURNAL_VERSION}). Es ist schreibgeschützt geöffnet: Verlauf und Suche funktionieren, aber nichts kann aufgezeichnet werden, daher wird nichts gesendet, was das Journal braucht. Aktualisieren Sie diese Konsole.`,
    );
    expect(sayWording(sayerFor('fr'), thrown.wording)).toMatch(/^Le journal de cet ordinateur a été mis à niveau par une version plus récente de Merchant Console \(schéma \d+ ; cette console connaît \d+\)\. Il est ouvert en lecture seule/);
  });

  it('leaves a cut-off submission to the newer app on start', async () => {
    expect(await journal.recoverInterrupted()).toEqual([]);
    expect(await journal.get(pendingId)).toMatchObject({ state: 'pending', sentAt: expect.any(String) });
  });
});
