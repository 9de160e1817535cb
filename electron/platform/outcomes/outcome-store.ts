import { chmodSync, closeSync, openSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { parseJsonLossless } from '../../../shared/money/index.ts';

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

/**
 * Where a kept event came from: a callback read from the profile's receiver, or this desktop's own
 * question to the service (transactions/info) when the profile has no receiver it can read
 * (outcomes/desktop/outcome-poller.ts): the screens say "checked with the service" for those.
 */
export type OutcomeOrigin = 'callback' | 'polled';

/** An event as the store answers it: with its origin. A polled event's cursor is `polled-<n>`, never a receiver's. */
export type KeptEvent = OutcomeEvent & { origin: OutcomeOrigin };

/** What the service answered this desktop about one object, when asked (the answer's body, as received). */
export type PolledAnswer = { type: string; objectId: string; status: string; body: string; checkedAt: string };

/**
 * An object a callback named for a payment: its callback type, root id and the foreign id it gave;
 * for a deposit into an address, the address (type `address`, its id and foreign id), which is
 * what a deposit callback names (field notes, "Callbacks": crypto_address).
 */
export type PaidObject = { type: string; id: string; foreignId: string | null };

/**
 * What the other capabilities ask of the outcomes: which objects the service's callbacks name for
 * a payment's hashes, read from the profile's receiver just before (outcomes/desktop).
 */
export interface ReportedOutcomes {
  paidBy(profileId: string, txids: readonly string[]): Promise<PaidObject[]>;
}

export interface OutcomeStore {
  /** The last cursor read for the profile; "0" before the first. */
  cursorOf(profileId: string): string;
  /** Adds what one read returned, in one transaction; an event already held is left as it is. */
  add(profileId: string, events: readonly OutcomeEvent[]): number;
  /**
   * Keeps what the service answered when this desktop asked it (an exchange's status, say), once per
   * object and status: asking again and hearing the same adds nothing. Never moves the receiver's
   * cursor. True when the status is new for the object.
   */
  addPolled(profileId: string, answer: PolledAnswer): boolean;
  /**
   * The events of these objects (callback type and root id): the callbacks in the receiver's order,
   * then the answers this desktop polled, in the order it heard them. So at an equal stage a
   * callback is the one shown (shared/api/callback.ts, currentOutcomes: the first of the furthest).
   */
  eventsOf(profileId: string, objects: ReadonlyArray<{ type: string; id: string }>): KeptEvent[];
  /**
   * The events of every deposit into this address (its service id, the callbacks' crypto_address.id),
   * in the receiver's order: the latest MAX_DEPOSIT_EVENTS of them.
   */
  depositsInto(profileId: string, addressId: string): OutcomeEvent[];
  /**
   * The objects whose callbacks carried a payment with one of these hashes (compared in lower case),
   * with the foreign id the callback gave: what the service itself says a payment belongs to.
   */
  paidBy(profileId: string, txids: readonly string[]): PaidObject[];
  /** The failed invoices no one marked seen yet: the latest failed event of each, in stored order. */
  failedNotSeen(profileId: string): OutcomeEvent[];
  /** Marks an invoice's failure seen for everyone on this desktop; true when it was not seen before. */
  markSeen(profileId: string, type: string, objectId: string, at: string): boolean;
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
CREATE TABLE IF NOT EXISTS polled_events (
  seq INTEGER PRIMARY KEY,
  profile_id TEXT NOT NULL,
  type TEXT NOT NULL,
  object_id TEXT NOT NULL,
  status TEXT NOT NULL,
  body TEXT NOT NULL,
  checked_at TEXT NOT NULL,
  UNIQUE (profile_id, type, object_id, status)
);
CREATE TABLE IF NOT EXISTS outcome_seen (
  profile_id TEXT NOT NULL,
  type TEXT NOT NULL,
  object_id TEXT NOT NULL,
  seen_at TEXT NOT NULL,
  PRIMARY KEY (profile_id, type, object_id)
);
CREATE TABLE IF NOT EXISTS outcome_deposits (
  profile_id TEXT NOT NULL,
  address_id TEXT NOT NULL,
  cursor INTEGER NOT NULL,
  PRIMARY KEY (profile_id, address_id, cursor)
);
CREATE TABLE IF NOT EXISTS outcome_txids (
  profile_id TEXT NOT NULL,
  txid TEXT NOT NULL,
  type TEXT NOT NULL,
  object_id TEXT NOT NULL,
  foreign_id TEXT,
  PRIMARY KEY (profile_id, txid, type, object_id)
);
`;

/** Callbacks of these types tell a payment into a deposit address, which they name in crypto_address. */
const DEPOSIT_TYPES: ReadonlySet<string> = new Set(['deposit', 'deposit_exchange']);

const textOf = (value: unknown): string | null => (typeof value === 'string' || typeof value === 'number' ? String(value).slice(0, 255) : null);

/**
 * What a callback says a payment belongs to: the payments' hashes it carries, and their owner: for
 * a deposit, the address it names; otherwise the callback's own object with its foreign id.
 * Nothing from a body that cannot be read.
 */
function paymentsOf(type: string, objectId: string, body: string): { txids: string[]; owner: PaidObject; addressId: string | null } {
  let value: unknown;
  try {
    value = parseJsonLossless(body);
  } catch {
    return { txids: [], owner: { type, id: objectId, foreignId: null }, addressId: null };
  }
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const entries = Array.isArray(record['transactions']) ? (record['transactions'] as unknown[]) : [];
  const txids = entries.flatMap((entry) => {
    const txid = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>)['txid'] : undefined;
    return typeof txid === 'string' && txid !== '' && txid.length <= 200 ? [txid.toLowerCase()] : [];
  });
  const address = record['crypto_address'];
  const addressId = DEPOSIT_TYPES.has(type) && typeof address === 'object' && address !== null ? textOf((address as Record<string, unknown>)['id']) : null;
  if (addressId !== null && addressId !== '') {
    return { txids, owner: { type: 'address', id: addressId, foreignId: textOf((address as Record<string, unknown>)['foreign_id']) }, addressId };
  }
  return { txids, owner: { type, id: objectId, foreignId: textOf(record['foreign_id']) }, addressId: null };
}

const eventOf = (row: Record<string, string | bigint>): OutcomeEvent => ({
  cursor: String(row.cursor),
  type: String(row.type),
  objectId: String(row.object_id),
  status: String(row.status),
  body: String(row.body),
  receivedAt: String(row.received_at),
});

const polledOf = (row: Record<string, string | bigint>): KeptEvent => ({
  cursor: `polled-${String(row.seq)}`,
  type: String(row.type),
  objectId: String(row.object_id),
  status: String(row.status),
  body: String(row.body),
  receivedAt: String(row.checked_at),
  origin: 'polled',
});

/** At most this many objects are asked for at once: a page of History is 50. */
export const MAX_OBJECTS = 200;

/** At most this many events of deposits into one address are read at once, the latest (two or three per deposit). */
export const MAX_DEPOSIT_EVENTS = 2000;

/**
 * The file's version (PRAGMA user_version). 1: deposits are indexed by the address they name
 * (outcome_deposits), and their hashes by that address. Events stored before are indexed again
 * once, in one transaction, so an address shows the deposits a receiver reported before.
 */
const VERSION = 1;

function upgrade(db: DatabaseSync, index: (profileId: string, cursor: bigint, type: string, objectId: string, body: string) => void): void {
  const { user_version: version } = db.prepare('PRAGMA user_version').get() as { user_version: number };
  if (version >= VERSION) return;
  db.exec('BEGIN IMMEDIATE');
  try {
    const deposits = db.prepare("SELECT profile_id, cursor, type, object_id, body FROM outcome_events WHERE type IN ('deposit', 'deposit_exchange')");
    deposits.setReadBigInts(true);
    const forget = db.prepare('DELETE FROM outcome_txids WHERE profile_id = ? AND type = ? AND object_id = ?');
    for (const row of deposits.all() as Array<{ profile_id: string; cursor: bigint; type: string; object_id: string; body: string }>) {
      forget.run(row.profile_id, row.type, row.object_id);
      index(row.profile_id, row.cursor, row.type, row.object_id, row.body);
    }
    db.exec(`PRAGMA user_version = ${VERSION}`);
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}

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
  const addPolled = db.prepare('INSERT OR IGNORE INTO polled_events (profile_id, type, object_id, status, body, checked_at) VALUES (?, ?, ?, ?, ?, ?)');
  const polledOfObject = db.prepare(
    'SELECT seq, type, object_id, status, body, checked_at FROM polled_events WHERE profile_id = ? AND type = ? AND object_id = ? ORDER BY seq',
  );
  polledOfObject.setReadBigInts(true);
  const addTxid = db.prepare('INSERT OR IGNORE INTO outcome_txids (profile_id, txid, type, object_id, foreign_id) VALUES (?, ?, ?, ?, ?)');
  const addDeposit = db.prepare('INSERT OR IGNORE INTO outcome_deposits (profile_id, address_id, cursor) VALUES (?, ?, ?)');
  const intoAddress = db.prepare(
    `SELECT * FROM (SELECT e.cursor, e.type, e.object_id, e.status, e.body, e.received_at FROM outcome_deposits d
       JOIN outcome_events e ON e.profile_id = d.profile_id AND e.cursor = d.cursor
       WHERE d.profile_id = ? AND d.address_id = ? ORDER BY e.cursor DESC LIMIT ${MAX_DEPOSIT_EVENTS}) ORDER BY cursor`,
  );
  /** Indexes one stored event: its payments' hashes by owner, and a deposit by its address. */
  const index = (profileId: string, cursor: bigint, type: string, objectId: string, body: string) => {
    const { txids, owner, addressId } = paymentsOf(type, objectId, body);
    for (const txid of txids) addTxid.run(profileId, txid, owner.type, owner.id, owner.foreignId);
    if (addressId !== null) addDeposit.run(profileId, addressId, cursor);
  };
  upgrade(db, index);
  const byTxid = db.prepare('SELECT type, object_id, foreign_id FROM outcome_txids WHERE profile_id = ? AND txid = ?');
  const failed = db.prepare(
    `SELECT MAX(cursor) AS cursor, type, object_id, status, body, received_at FROM outcome_events e
     WHERE profile_id = ? AND type = 'invoice' AND status = 'failed'
       AND NOT EXISTS (SELECT 1 FROM outcome_seen s WHERE s.profile_id = e.profile_id AND s.type = e.type AND s.object_id = e.object_id)
     GROUP BY type, object_id ORDER BY cursor LIMIT 100`,
  );
  const seen = db.prepare('INSERT OR IGNORE INTO outcome_seen (profile_id, type, object_id, seen_at) VALUES (?, ?, ?, ?)');
  failed.setReadBigInts(true);
  ofObject.setReadBigInts(true);
  intoAddress.setReadBigInts(true);
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
        for (const e of events) {
          added += Number(insert.run(profileId, BigInt(e.cursor), e.type, e.objectId, e.status, e.body, e.receivedAt).changes);
          index(profileId, BigInt(e.cursor), e.type, e.objectId, e.body);
        }
        db.exec('COMMIT');
      } catch (error) {
        db.exec('ROLLBACK');
        throw error;
      }
      return added;
    },
    addPolled: (profileId, answer) =>
      Number(addPolled.run(profileId, answer.type, answer.objectId, answer.status, answer.body, answer.checkedAt).changes) > 0,
    eventsOf(profileId, objects) {
      const rows: KeptEvent[] = [];
      for (const object of objects.slice(0, MAX_OBJECTS)) {
        for (const row of ofObject.all(profileId, object.type, object.id) as Array<Record<string, string | bigint>>) rows.push({ ...eventOf(row), origin: 'callback' });
        for (const row of polledOfObject.all(profileId, object.type, object.id) as Array<Record<string, string | bigint>>) rows.push(polledOf(row));
      }
      return rows;
    },
    depositsInto: (profileId, addressId) => (intoAddress.all(profileId, addressId) as Array<Record<string, string | bigint>>).map(eventOf),
    paidBy(profileId, txids) {
      const found = new Map<string, PaidObject>();
      for (const txid of txids.slice(0, MAX_OBJECTS)) {
        for (const row of byTxid.all(profileId, txid.toLowerCase()) as Array<{ type: string; object_id: string; foreign_id: string | null }>) {
          found.set(JSON.stringify([row.type, row.object_id]), { type: row.type, id: row.object_id, foreignId: row.foreign_id });
        }
      }
      return [...found.values()];
    },
    failedNotSeen: (profileId) => (failed.all(profileId) as Array<Record<string, string | bigint>>).map(eventOf),
    markSeen: (profileId, type, objectId, at) => Number(seen.run(profileId, type, objectId, at).changes) > 0,
    close: () => db.close(),
  };
}
