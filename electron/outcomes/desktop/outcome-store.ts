import { chmodSync, closeSync, openSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';

/**
 * What this desktop has read from a receiver (docs/receiver.md, "/events"), per profile: each event
 * once, by the receiver's cursor, with the callback's body as received. A file of its own beside
 * the journal (outcomes.sqlite): the journal is the record of what the console did, this is what
 * the service said became of it, and either can be rebuilt without the other (these from the receiver).
 */

export type OutcomeEvent = {
  cursor: string;
  type: string;
  objectId: string;
  status: string;
  /** The callback as the receiver kept it, numbers digit for digit. */
  body: string;
  receivedAt: string;
};

export interface OutcomeStore {
  /** The last cursor read for the profile; "0" before the first. */
  cursorOf(profileId: string): string;
  /** Adds what one read returned, in one transaction; an event already held is left as it is. */
  add(profileId: string, events: readonly OutcomeEvent[]): number;
  /** The events of these objects (callback type and root id), in the receiver's order. */
  eventsOf(profileId: string, objects: ReadonlyArray<{ type: string; id: string }>): OutcomeEvent[];
  close(): void;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS outcome_events (
  profile_id TEXT NOT NULL,
  cursor INTEGER NOT NULL,
  type TEXT NOT NULL,
  object_id TEXT NOT NULL,
  status TEXT NOT NULL,
  body TEXT NOT NULL,
  received_at TEXT NOT NULL,
  PRIMARY KEY (profile_id, cursor)
);
CREATE INDEX IF NOT EXISTS outcome_events_object ON outcome_events (profile_id, type, object_id, cursor);
`;

/** At most this many objects are asked for at once: a page of History is 50. */
export const MAX_OBJECTS = 200;

export function openOutcomeStore(file: string): OutcomeStore {
  if (file !== ':memory:') {
    // The file is the user's alone, as the journal is, from the moment it exists.
    for (const path of [file, `${file}-wal`, `${file}-shm`]) {
      closeSync(openSync(path, 'a', 0o600));
      chmodSync(path, 0o600);
    }
  }
  const db = new DatabaseSync(file);
  db.exec('PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL;');
  db.exec(SCHEMA);
  const insert = db.prepare(
    'INSERT OR IGNORE INTO outcome_events (profile_id, cursor, type, object_id, status, body, received_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const last = db.prepare('SELECT MAX(cursor) AS cursor FROM outcome_events WHERE profile_id = ?');
  const ofObject = db.prepare(
    'SELECT cursor, type, object_id, status, body, received_at FROM outcome_events WHERE profile_id = ? AND type = ? AND object_id = ? ORDER BY cursor',
  );
  ofObject.setReadBigInts(true);
  last.setReadBigInts(true);
  return {
    cursorOf(profileId) {
      const row = last.get(profileId) as { cursor: bigint | null } | undefined;
      return row?.cursor === null || row?.cursor === undefined ? '0' : String(row.cursor);
    },
    add(profileId, events) {
      let added = 0;
      db.exec('BEGIN IMMEDIATE');
      try {
        for (const e of events) added += Number(insert.run(profileId, BigInt(e.cursor), e.type, e.objectId, e.status, e.body, e.receivedAt).changes);
        db.exec('COMMIT');
      } catch (error) {
        db.exec('ROLLBACK');
        throw error;
      }
      return added;
    },
    eventsOf(profileId, objects) {
      const rows: OutcomeEvent[] = [];
      for (const object of objects.slice(0, MAX_OBJECTS)) {
        for (const row of ofObject.all(profileId, object.type, object.id) as Array<Record<string, string | bigint>>) {
          rows.push({
            cursor: String(row.cursor),
            type: String(row.type),
            objectId: String(row.object_id),
            status: String(row.status),
            body: String(row.body),
            receivedAt: String(row.received_at),
          });
        }
      }
      return rows;
    },
    close: () => db.close(),
  };
}
