import { fstatSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventStore, NewEvent } from './store.ts';
import { openSqliteStore } from './store-sqlite.ts';

/**
 * The SQLite store's commits: events that come together share one transaction and one sync of the
 * WAL, and none is answered before that sync. Nothing here is timed.
 */

let dir: string;
let file: string;
let store: EventStore | null;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'receiver-store-'));
  file = join(dir, 'events.sqlite');
  store = null;
});
afterEach(async () => {
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

const event = (id: number, status = 'pending'): NewEvent => ({
  account: 'acct',
  signedKey: 'key',
  type: 'invoice',
  objectId: String(id),
  status,
  eventKey: JSON.stringify(['invoice', String(id), status, '']),
  body: JSON.stringify({ id, type: 'invoice', status }),
  receivedAt: '2026-11-27T03:00:00.000Z',
});

/** What another connection reads from the file. */
function onDisk(): string[] {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return (db.prepare('SELECT object_id FROM callback_events ORDER BY seq').all() as Array<{ object_id: string }>).map((row) => row.object_id);
  } finally {
    db.close();
  }
}

describe('the SQLite store commits in groups', () => {
  it('stores events that come together in one transaction, in order, each with its own answer, a second copy not again', async () => {
    const commits: number[] = [];
    store = openSqliteStore(file, { onCommit: (events) => commits.push(events) });
    const answers = await Promise.all([event(1), event(2), event(1), event(3)].map((e) => store!.record(e)));
    expect(answers.map((answer) => answer.stored)).toEqual([true, true, false, true]);
    const cursors = answers.flatMap((answer) => (answer.stored ? [Number(answer.cursor)] : []));
    expect(cursors).toEqual([...cursors].sort((a, b) => a - b));
    expect(commits).toEqual([4]);
    expect(onDisk()).toEqual(['1', '2', '3']);
  });

  it('answers an event, and lets a desktop read it, only after the WAL file is synced to disk; one sync per commit', async () => {
    const synced: number[] = [];
    let finishSync: () => void = () => undefined;
    store = openSqliteStore(file, {
      syncFile: (fd) => {
        synced.push(fd);
        return new Promise<void>((resolve) => (finishSync = resolve));
      },
    });
    let answered = false;
    const recorded = Promise.all([store.record(event(7)), store.record(event(8))]).then((all) => {
      answered = true;
      return all;
    });
    while (synced.length === 0) await new Promise((resolve) => setImmediate(resolve));
    // Committed, but not yet known to be on disk: no answer, and no desktop reads them yet.
    expect(onDisk()).toEqual(['7', '8']);
    for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    expect(await store.after('acct', '0', 10)).toEqual([]);
    finishSync();
    expect(await recorded).toEqual([{ stored: true, cursor: '1' }, { stored: true, cursor: '2' }]);
    expect((await store.after('acct', '0', 10)).map((e) => e.objectId)).toEqual(['7', '8']);
    // The file synced is the WAL, where a commit's pages are written.
    expect(synced).toHaveLength(1);
    expect(fstatSync(synced[0] as number).ino).toBe(statSync(`${file}-wal`).ino);
  });

  it('refuses an event the insert refuses alone, and every event of a transaction rolled back as a whole', async () => {
    store = openSqliteStore(file);
    // Another connection adds what makes an insert fail: the row alone (ABORT), or its whole transaction (ROLLBACK).
    const other = new DatabaseSync(file);
    other.exec(`CREATE TRIGGER refuse BEFORE INSERT ON callback_events WHEN NEW.status IN ('abort', 'rollback')
                BEGIN SELECT RAISE(ABORT, 'refused') WHERE NEW.status = 'abort'; SELECT RAISE(ROLLBACK, 'rolled back') WHERE NEW.status = 'rollback'; END`);
    other.close();
    const alone = await Promise.allSettled([event(1), event(2, 'abort'), event(3)].map((e) => store!.record(e)));
    expect(alone.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const whole = await Promise.allSettled([event(4), event(5, 'rollback'), event(6)].map((e) => store!.record(e)));
    expect(whole.map((answer) => answer.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(whole[0]).toMatchObject({ reason: { message: expect.stringMatching(/rolled back/) } });
    expect(onDisk()).toEqual(['1', '3']);
    // The store goes on taking events.
    expect(await store.record(event(7))).toMatchObject({ stored: true });
  });

  it('answers no event as stored when its sync fails', async () => {
    store = openSqliteStore(file, { syncFile: () => Promise.reject(new Error('EIO: i/o error, fdatasync')) });
    await expect(store.record(event(9))).rejects.toThrow(/fdatasync/);
  });
});
