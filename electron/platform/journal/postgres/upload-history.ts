import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type pg from 'pg';
import { worded } from '../../../../shared/ipc/errors.ts';
import { JOURNAL_MIGRATIONS, LATEST_JOURNAL_VERSION } from '../schema/journal-schema.ts';
import { newerSchemaWording, schemaStatus, tablesAt } from '../schema/schema-model.ts';
import type { Column } from '../schema/schema-model.ts';
import { teamJournalFailure } from './team-journal-failures.ts';

/**
 * A desktop's own entries copied into its profile's team journal: the history of a
 * desktop that joins, and the lookups it kept locally while the team journal could not be reached.
 * Each entry keeps what it was (its uid, who made it and where, its times, its state, its answer)
 * and is filed under the team's profile key; only the team journal numbers it anew.
 *
 * Nothing is copied twice and nothing is lost, whatever stops it halfway:
 *  - the copy is `INSERT ... ON CONFLICT DO NOTHING`: an entry whose uid is already there (an
 *    upload that stopped between the team journal's commit and the local mark) is skipped, and
 *    counted as already there;
 *  - an entry is marked uploaded locally only once the team journal has committed it;
 *  - an entry whose foreign id the team journal already holds for another entry (the claim of
 *    journal-schema.ts, version 6: another desktop used that foreign id) is not copied and not
 *    marked: it stays on this desktop, counted as a conflict, for a person to look at.
 * Pending entries stay: they are still in flight, or wait for this desktop's recovery on start.
 */

export type UploadCount = {
  /** Copied into the team journal by this upload. */
  moved: number;
  /** Found there already (an earlier upload that stopped before its local mark), and now marked. */
  alreadyThere: number;
  /** Left on this desktop: their foreign id is held in the team journal by another entry. */
  conflicts: number;
  /** The conflicting entries' foreign ids, for the words. */
  conflictIds: string[];
};

export type UploadSelection = {
  /** The desktop's own profile id, which its SQLite journal files the entries under. */
  localProfileId: string;
  /** The team journal's profile id for the same merchant account (team-journal/team-profile-key.ts). */
  teamKey: string;
  /** Only entries made at or after this instant (ISO 8601): the automatic upload after an outage. */
  since?: string;
  /** When the local mark is written (ISO 8601). */
  at: string;
};

/** Rows per team-journal transaction: far below PostgreSQL's 65,535 parameters a statement. */
const BATCH = 200;

/** Every column of an entry but the number the team journal gives it and the mark that is only local. */
const COPIED: readonly Column[] = (tablesAt(JOURNAL_MIGRATIONS, LATEST_JOURNAL_VERSION).get('entries')?.columns ?? []).filter(
  (column) => column.name !== 'id' && column.name !== 'uploaded_at',
);
const CAST: Record<Column['type'], string> = { id: 'bigint', text: 'text', integer: 'integer', timestamp: 'timestamptz' };

type LocalRow = Record<string, SQLInputValue>;

function insertSql(rows: number): string {
  const tuples = Array.from({ length: rows }, (_, row) => {
    const base = row * COPIED.length;
    return `(${COPIED.map((column, index) => `$${base + index + 1}::${CAST[column.type]}`).join(', ')})`;
  });
  // No conflict target: a uid already there and a foreign id already held are both skipped here,
  // and told apart below by whether the uid is there.
  return `INSERT INTO entries (${COPIED.map((column) => column.name).join(', ')}) VALUES ${tuples.join(', ')} ON CONFLICT DO NOTHING RETURNING entry_uid`;
}

const paramsOf = (rows: readonly LocalRow[], teamKey: string): unknown[] =>
  rows.flatMap((row) => COPIED.map((column) => (column.name === 'profile_id' ? teamKey : (row[column.name] ?? null))));

/** One batch into the team journal, in one transaction; answers which uids it holds now, and which of them this batch wrote. */
async function copyBatch(pool: pg.Pool, rows: readonly LocalRow[], teamKey: string): Promise<{ written: Set<string>; there: Set<string> }> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    // FOR SHARE: a newer app cannot migrate the schema under this copy, which writes this app's columns.
    const { rows: version } = await client.query<{ version: number }>('SELECT version FROM journal_schema FOR SHARE');
    const status = schemaStatus(version[0]?.version ?? 0, LATEST_JOURNAL_VERSION);
    if (status.readOnly) throw worded({ kind: 'configuration' }, newerSchemaWording(status, { id: 'main.platform.teamJournal.newer.team' }));
    const inserted = await client.query<{ entry_uid: string }>(insertSql(rows.length), paramsOf(rows, teamKey));
    const uids = rows.map((row) => String(row.entry_uid));
    const present = await client.query<{ entry_uid: string }>('SELECT entry_uid FROM entries WHERE entry_uid = ANY($1::text[])', [uids]);
    await client.query('COMMIT');
    return { written: new Set(inserted.rows.map((row) => row.entry_uid)), there: new Set(present.rows.map((row) => row.entry_uid)) };
  } catch (error) {
    await client.query('ROLLBACK').catch((rollback: Error) => (broken = rollback));
    throw error;
  } finally {
    client.release(broken);
  }
}

/** The local mark, in one SQLite transaction, once the team journal has committed the batch. */
function markUploaded(local: DatabaseSync, uids: readonly string[], at: string): void {
  if (uids.length === 0) return;
  const mark = local.prepare('UPDATE entries SET uploaded_at = ? WHERE entry_uid = ? AND uploaded_at IS NULL');
  local.exec('BEGIN IMMEDIATE');
  try {
    for (const uid of uids) mark.run(at, uid);
    local.exec('COMMIT');
  } catch (error) {
    local.exec('ROLLBACK');
    throw error;
  }
}

/** The settled entries of a profile never copied: pending ones are in flight, or wait for recovery. */
function waitingWhere({ localProfileId, since }: Pick<UploadSelection, 'localProfileId' | 'since'>): { where: string; params: SQLInputValue[] } {
  const where = "profile_id = ? AND state <> 'pending' AND uploaded_at IS NULL";
  return since === undefined ? { where, params: [localProfileId] } : { where: `${where} AND created_at >= ?`, params: [localProfileId, since] };
}

/** How many entries wait to be uploaded. */
export function waitingCount(local: DatabaseSync, selection: Pick<UploadSelection, 'localProfileId' | 'since'>): number {
  const { where, params } = waitingWhere(selection);
  return Number((local.prepare(`SELECT count(*) AS n FROM entries WHERE ${where}`).get(...params) as { n: number }).n);
}

/** The waiting entries, oldest first; each is given a uid if an older writer left it none. */
function waitingRows(local: DatabaseSync, selection: Pick<UploadSelection, 'localProfileId' | 'since'>): LocalRow[] {
  local.prepare('UPDATE entries SET entry_uid = lower(hex(randomblob(16))) WHERE profile_id = ? AND entry_uid IS NULL').run(selection.localProfileId);
  const { where, params } = waitingWhere(selection);
  return local.prepare(`SELECT * FROM entries WHERE ${where} ORDER BY id`).all(...params) as LocalRow[];
}

/**
 * Copies a profile's settled, not yet uploaded entries from the desktop's SQLite journal into the
 * team journal reached through `pool` (`where` names it in a failure), and marks them locally.
 */
export async function uploadLocalHistory(local: DatabaseSync, pool: pg.Pool, where: string, selection: UploadSelection): Promise<UploadCount> {
  const rows = waitingRows(local, selection);
  const count: UploadCount = { moved: 0, alreadyThere: 0, conflicts: 0, conflictIds: [] };
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    let copied: Awaited<ReturnType<typeof copyBatch>>;
    try {
      copied = await copyBatch(pool, batch, selection.teamKey);
    } catch (error) {
      throw teamJournalFailure(error, where);
    }
    const marked: string[] = [];
    for (const row of batch) {
      const uid = String(row.entry_uid);
      if (copied.written.has(uid)) count.moved += 1;
      else if (copied.there.has(uid)) count.alreadyThere += 1;
      else {
        count.conflicts += 1;
        count.conflictIds.push(String(row.foreign_id));
        continue;
      }
      marked.push(uid);
    }
    markUploaded(local, marked, selection.at);
  }
  return count;
}

/** What the person reads after an upload: how many moved, and what stayed behind and why. */
export function uploadMessage(count: UploadCount): string {
  const entries = (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'}`;
  const parts = [`${entries(count.moved)} moved to the team journal.`];
  if (count.alreadyThere > 0) parts.push(`${entries(count.alreadyThere)} ${count.alreadyThere === 1 ? 'was' : 'were'} there already (an earlier upload), and ${count.alreadyThere === 1 ? 'is' : 'are'} not copied twice.`);
  if (count.conflicts > 0) {
    const shown = count.conflictIds.slice(0, 5).join(', ');
    const more = count.conflictIds.length > 5 ? ` and ${count.conflictIds.length - 5} more` : '';
    parts.push(
      `${entries(count.conflicts)} stayed on this computer only: the team journal already holds ${count.conflicts === 1 ? 'its foreign id' : 'their foreign ids'} ` +
        `(${shown}${more}) for another entry, made on another desktop. Look ${count.conflicts === 1 ? 'it' : 'them'} up in the team journal's History; nothing was lost or changed.`,
    );
  }
  return parts.join(' ');
}
