import { chmodSync, closeSync, openSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { LATEST_JOURNAL_VERSION } from './schema/journal-schema.ts';
import { schemaStatus } from './schema/schema-model.ts';
import type { SchemaStatus } from './schema/schema-model.ts';
import { migrateSqliteJournal } from './schema/sqlite-migrations.ts';

/**
 * The journal's SQLite file. WAL keeps a write that was committed before a crash, and lets the
 * history screen read while a submission writes. Its migrations are generated from the one
 * description of the schema that the team journal shares (schema/journal-schema.ts), numbered by
 * `user_version`.
 */

/** The newest schema this app writes (the description's last version). */
export const JOURNAL_SCHEMA_VERSION = LATEST_JOURNAL_VERSION;

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

const userVersion = (db: DatabaseSync): number => (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;

/** The file's schema against this app's: read-only when a newer app upgraded it (createJournal then refuses every write). */
export const journalSchemaOf = (db: DatabaseSync): SchemaStatus => schemaStatus(userVersion(db), LATEST_JOURNAL_VERSION);

/**
 * Opens the journal, migrated to this app's schema. A file a newer app upgraded is not migrated nor
 * refused: it is opened read-only, so history and search still work and nothing can write to it
 * (not even SQLite's own journal-mode change), whatever the code above tries.
 */
export function openJournalDatabase(file: string): DatabaseSync {
  if (file !== ':memory:') ownerOnly(file);
  const db = new DatabaseSync(file);
  db.exec('PRAGMA busy_timeout = 5000;');
  if (journalSchemaOf(db).readOnly) {
    db.close();
    const readOnly = new DatabaseSync(file, { readOnly: true });
    readOnly.exec('PRAGMA busy_timeout = 5000;');
    return readOnly;
  }
  // FULL: a commit is on disk before the next step runs, so the pending entry and the sent mark
  // outlast a power cut too, not only a killed process; a request's bytes never leave before the
  // mark that says they may have (shared/submission/outcome.ts). A few fsyncs per submission.
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;');
  migrateSqliteJournal(db);
  return db;
}
