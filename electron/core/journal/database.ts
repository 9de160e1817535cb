import { chmodSync, closeSync, openSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';

/**
 * The journal's SQLite file. WAL keeps a write that was committed before a crash, and lets the
 * history screen read while a submission writes. Migrations are numbered by `user_version`.
 */

const MIGRATIONS: readonly string[] = [
  `CREATE TABLE entries (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     profile_id TEXT NOT NULL,
     profile_name TEXT NOT NULL,
     operation TEXT NOT NULL,
     state TEXT NOT NULL,
     foreign_id TEXT,
     service_id TEXT,
     service_status TEXT,
     title TEXT,
     end_user_reference TEXT,
     currency TEXT,
     amount TEXT,
     request TEXT NOT NULL,
     response TEXT,
     http_status INTEGER,
     duration_ms INTEGER,
     message TEXT,
     created_at TEXT NOT NULL,
     updated_at TEXT NOT NULL
   );
   CREATE INDEX entries_profile_created ON entries (profile_id, created_at DESC, id DESC);
   CREATE INDEX entries_foreign_id ON entries (foreign_id);
   CREATE INDEX entries_service_id ON entries (service_id);
   CREATE INDEX entries_state ON entries (state);`,
  // Issue 12: the sent mark (shared/submission/outcome.ts). A submission written before it existed
  // cannot prove that it never left, so it counts as sent from the moment it was recorded.
  `ALTER TABLE entries ADD COLUMN sent_at TEXT;
   UPDATE entries SET sent_at = created_at WHERE operation <> 'transaction.lookup';`,
  // Issue 11: the origin (scheme://host[:port]) the call went to, so every entry, CSV row and
  // dispute report names who answered. Entries written before it stay null: nobody recorded it.
  `ALTER TABLE entries ADD COLUMN origin TEXT;`,
  // Issue 14: the txids a lookup saw (a JSON list, with the hash it was asked for), so History
  // finds by hash a transaction looked up before; and the deposit address an address.take got.
  // Lookups kept before are given the txids of their kept answer where it is whole JSON (a cut
  // one is not); an entry that was not a lookup stays null.
  `ALTER TABLE entries ADD COLUMN txids TEXT;
   ALTER TABLE entries ADD COLUMN address TEXT;
   UPDATE entries SET txids = (
       SELECT json_group_array(DISTINCT txid) FROM (
         SELECT CASE WHEN t.type = 'object' THEN CAST(json_extract(t.value, '$.txid') AS TEXT) END AS txid
         FROM json_each(entries.response, '$.transactions') AS t
       ) WHERE txid IS NOT NULL AND txid <> '')
     WHERE operation = 'transaction.lookup' AND json_valid(response) AND json_type(response, '$.transactions') = 'array';`,
  // Issue 13: one name per operation, from the IPC channel to the journal: an entry is recorded
  // under its channel's name (shared/ipc/journal.ts). Entries written under the singular names
  // before are renamed, so that search, CSV and History know one name. The names are written out
  // here, not taken from the code: a migration must do tomorrow what it does today.
  `UPDATE entries SET operation = CASE operation
       WHEN 'invoice.create' THEN 'invoices.create'
       WHEN 'transaction.lookup' THEN 'transactions.lookup'
       WHEN 'address.take' THEN 'addresses.take'
     END
   WHERE operation IN ('invoice.create', 'transaction.lookup', 'address.take');`,
];

export const JOURNAL_SCHEMA_VERSION = MIGRATIONS.length;

/**
 * The journal and its WAL and shared-memory files are the user's alone (0600) from the moment they
 * exist: each is created here, empty, before SQLite opens it (an empty -wal or -shm is what SQLite
 * starts from anyway), and a file left readable by an older version is narrowed. No window in
 * which the umask's 0644 applies. (On Windows the mode is ignored; the data folder's ACL rules.)
 */
const JOURNAL_FILE_MODE = 0o600;

function ownerOnly(file: string): void {
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    closeSync(openSync(path, 'a', JOURNAL_FILE_MODE));
    chmodSync(path, JOURNAL_FILE_MODE);
  }
}

export function openJournalDatabase(file: string): DatabaseSync {
  if (file !== ':memory:') ownerOnly(file);
  const db = new DatabaseSync(file);
  // FULL: a commit is on disk before the next step runs, so the pending entry and the sent mark
  // outlast a power cut too, not only a killed process; a request's bytes never leave before the
  // mark that says they may have (shared/submission/outcome.ts). A few fsyncs per submission.
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000;');
  migrate(db);
  return db;
}

function migrate(db: DatabaseSync): void {
  const { user_version: current } = db.prepare('PRAGMA user_version').get() as { user_version: number };
  if (current > MIGRATIONS.length) {
    throw new Error(`The journal was written by a newer version of the app (schema ${current}).`);
  }
  for (let version = current; version < MIGRATIONS.length; version += 1) {
    db.exec('BEGIN');
    try {
      db.exec(MIGRATIONS[version] as string);
      db.exec(`PRAGMA user_version = ${version + 1}`);
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }
}
