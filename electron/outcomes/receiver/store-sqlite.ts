import { chmodSync, closeSync, openSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import type { EventStore, NewEvent, RecordResult, StoredEvent } from './store.ts';

/**
 * The embedded store: one SQLite file (node:sqlite, as the journal uses), WAL with synchronous
 * FULL, so a stored event is on disk before the receiver answers 200, and outlasts a killed process
 * and a power cut. Readable by its owner only. Writes are synchronous and the receiver is one
 * process, so they never interleave; another process holding the file's write lock longer than
 * BUSY_TIMEOUT_MS makes a write fail (the receiver answers 503 and the service retries).
 */

export const BUSY_TIMEOUT_MS = 2000;
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

export function openSqliteStore(file: string): EventStore {
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    closeSync(openSync(path, 'a', FILE_MODE));
    chmodSync(path, FILE_MODE);
  }
  const db = new DatabaseSync(file);
  db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS};`);
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;');
  db.exec(SCHEMA);
  const insert = db.prepare(
    `INSERT INTO callback_events (account, signed_key, type, object_id, status, event_key, body, received_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (account, event_key) DO NOTHING RETURNING seq`,
  );
  const select = db.prepare(
    'SELECT seq, type, object_id, status, body, received_at FROM callback_events WHERE account = ? AND seq > ? ORDER BY seq LIMIT ?',
  );
  select.setReadBigInts(true);
  let closed = false;

  return {
    description: `sqlite:${file}`,
    record(event: NewEvent): Promise<RecordResult> {
      try {
        const row = insert.get(event.account, event.signedKey, event.type, event.objectId, event.status, event.eventKey, event.body, event.receivedAt) as
          | { seq: number | bigint }
          | undefined;
        return Promise.resolve(row === undefined ? { stored: false } : { stored: true, cursor: String(row.seq) });
      } catch (error) {
        return Promise.reject(error as Error);
      }
    },
    after(account: string, cursor: string, limit: number): Promise<StoredEvent[]> {
      try {
        const rows = select.all(account, BigInt(cursor), limit) as Row[];
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
      if (!closed) db.close();
      closed = true;
      return Promise.resolve();
    },
  };
}
