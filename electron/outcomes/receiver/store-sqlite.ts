import { chmodSync, closeSync, fdatasync, fdatasyncSync, openSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { groupCommit } from './group-commit.ts';
import type { Settled } from './group-commit.ts';
import type { EventStore, NewEvent, RecordResult, StoredEvent } from './store.ts';

/**
 * The embedded store: one SQLite file (node:sqlite, as the journal uses) in WAL mode, whose WAL is
 * synced to disk after each commit and before the commit's events are answered, so a stored event
 * is on disk before the receiver answers 200, and outlasts a killed process and a power cut.
 * Readable by its owner only. Writes are synchronous and the receiver is one
 * process, so they never interleave; another process holding the file's write lock longer than
 * BUSY_TIMEOUT_MS makes a write fail (the receiver answers 503 and the service retries).
 *
 * Events are committed in groups (group-commit.ts): those that arrive together share one
 * transaction, so one sync of the WAL makes all of them durable. Each is still answered only
 * after that sync. A sync of the disk takes milliseconds; one per event capped the receiver near a
 * hundred callbacks a second (docs/benchmarks.md).
 *
 * The sync is this store's own, not SQLite's: synchronous = NORMAL (SQLite syncs the WAL only
 * before a checkpoint), then fdatasync of the WAL file, which node runs on its thread pool. That is
 * what synchronous = FULL does at each commit, but FULL does it inside COMMIT, holding node's one
 * thread still for the whole disk wait; here the requests that come meanwhile are read, checked and
 * queued for the next commit. A power cut before the sync loses only events not yet answered (the
 * service sends them again), and the WAL's checksums make SQLite ignore a half-written tail. A
 * desktop's read (`after`) sees only events whose sync is done, so no desktop shows an event that
 * a power cut could still take back.
 */

export const BUSY_TIMEOUT_MS = 2000;
/** At most this many events in one transaction. */
export const MAX_BATCH = 256;
const FILE_MODE = 0o600;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS callback_events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  account TEXT NOT NULL,
  signed_key TEXT NOT NULL,
  type TEXT NOT NULL,
  object_id TEXT NOT NULL,
  status TEXT NOT NULL,
  event_key TEXT NOT NULL,
  body TEXT NOT NULL,
  received_at TEXT NOT NULL,
  UNIQUE (account, event_key)
);`;

type Row = { seq: number | bigint; type: string; object_id: string; status: string; body: string; received_at: string };

/** Syncs a file's data to disk (fdatasync); tests put their own in, to hold a sync. */
export type SyncFile = (fd: number) => Promise<void>;

const fdatasyncOnPool: SyncFile = (fd) => new Promise((resolve, reject) => fdatasync(fd, (error) => (error ? reject(error) : resolve())));

/**
 * `onCommit`: tests only, told each transaction's size after it committed and before its WAL is
 * synced. `syncFile`: tests only, in place of fdatasync.
 */
export function openSqliteStore(file: string, options: { onCommit?: (events: number) => void; syncFile?: SyncFile } = {}): EventStore {
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    closeSync(openSync(path, 'a', FILE_MODE));
    chmodSync(path, FILE_MODE);
  }
  const db = new DatabaseSync(file);
  db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS};`);
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;');
  // The WAL file keeps its place while the database is open (SQLite rewinds it, never replaces it).
  const wal = openSync(`${file}-wal`, 'r');
  const syncFile = options.syncFile ?? fdatasyncOnPool;
  db.exec(SCHEMA);
  const insert = db.prepare(
    `INSERT INTO callback_events (account, signed_key, type, object_id, status, event_key, body, received_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (account, event_key) DO NOTHING RETURNING seq`,
  );
  const select = db.prepare(
    'SELECT seq, type, object_id, status, body, received_at FROM callback_events WHERE account = ? AND seq > ? AND seq <= ? ORDER BY seq LIMIT ?',
  );
  select.setReadBigInts(true);
  // What the file held at open is on disk once this sync is done; later, each commit's events once its sync is.
  fdatasyncSync(wal);
  const newest = db.prepare('SELECT max(seq) AS seq FROM callback_events');
  newest.setReadBigInts(true);
  let durable = BigInt((newest.get() as { seq: bigint | null }).seq ?? 0n);
  let closed = false;

  /**
   * One transaction for the batch, each event in a savepoint of its own: an event the insert
   * refuses is refused alone, the others stay in the transaction. Some errors (a full disk, I/O, a
   * trigger's RAISE(ROLLBACK)) roll the whole transaction back; then its savepoint is gone too, the
   * batch stops there, and nothing of it is answered as stored.
   */
  const commitBatch = async (batch: readonly NewEvent[]): Promise<Array<Settled<RecordResult>>> => {
    db.exec('BEGIN IMMEDIATE');
    const results: Array<Settled<RecordResult>> = [];
    try {
      for (const event of batch) {
        db.exec('SAVEPOINT event');
        try {
          const row = insert.get(event.account, event.signedKey, event.type, event.objectId, event.status, event.eventKey, event.body, event.receivedAt) as
            | { seq: number | bigint }
            | undefined;
          results.push({ ok: true, value: row === undefined ? { stored: false } : { stored: true, cursor: String(row.seq) } });
        } catch (error) {
          try {
            db.exec('ROLLBACK TO event');
          } catch {
            // The transaction itself is gone: the batch ends, for this event's reason.
            throw error;
          }
          results.push({ ok: false, error: error as Error });
        }
        db.exec('RELEASE event');
      }
      db.exec('COMMIT');
    } catch (error) {
      try {
        db.exec('ROLLBACK');
      } catch {
        // rolled back already
      }
      throw error;
    }
    options.onCommit?.(batch.length);
    // The newest row now, whoever wrote it (another process may share the file): synced below with the rest.
    const upTo = BigInt((newest.get() as { seq: bigint | null }).seq ?? 0n);
    await syncFile(wal);
    if (upTo > durable) durable = upTo;
    return results;
  };
  const record = groupCommit(commitBatch, { maxBatch: MAX_BATCH });

  return {
    description: `sqlite:${file}`,
    record,
    after(account: string, cursor: string, limit: number): Promise<StoredEvent[]> {
      try {
        const rows = select.all(account, BigInt(cursor), durable, limit) as Row[];
        return Promise.resolve(
          rows.map((row) => ({ cursor: String(row.seq), type: row.type, objectId: row.object_id, status: row.status, body: row.body, receivedAt: row.received_at })),
        );
      } catch (error) {
        return Promise.reject(error as Error);
      }
    },
    check(): Promise<void> {
      try {
        if (closed) throw new Error('The store is closed');
        // Takes the write lock and gives it back: the very lock a write needs.
        db.exec('BEGIN IMMEDIATE; ROLLBACK;');
        return Promise.resolve();
      } catch (error) {
        return Promise.reject(error as Error);
      }
    },
    close(): Promise<void> {
      if (!closed) {
        db.close();
        closeSync(wal);
      }
      closed = true;
      return Promise.resolve();
    },
  };
}
