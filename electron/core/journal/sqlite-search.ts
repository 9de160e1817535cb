import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type { JournalQuery } from '../../../shared/ipc/journal.ts';
import { ENTRIES_TEXT } from './schema/journal-schema.ts';
import { searchSql } from './search-sql.ts';
import type { JournalSearch } from './search-sql.ts';

/**
 * The SQLite journal's search statement. For a free text, SQLite's planner cannot tell a rare term
 * from a common one (its FTS5 table keeps no statistics), and each needs the other plan: reading a
 * rare term's few candidates takes milliseconds where walking the journal for them takes most of a
 * second at a million entries; reading a common term's hundreds of thousands of candidates takes a
 * second or more where walking the newest entries finds a page at once. So the FTS5 table is asked
 * first for the entries that hold the term, no more than `enough` of them: fewer, and the search
 * reads just those (search-sql.ts); as many, and it walks.
 *
 * The line: reading a candidate costs a few microseconds; the walk tests an entry in about one, and
 * for a page of n reads about n × (entries / candidates) of them. At a million entries and a page of
 * 50 the two meet near 3,000 candidates; a deeper page (an offset) needs more of the walk.
 */

const FEW_CANDIDATES = 2_000;

/** FTS5's phrase for the term: the term itself, double quotes doubled. Its trigrams need three characters at least. */
const ftsPhrase = (text: string): string | null => ([...text].length >= 3 ? `"${text.replaceAll('"', '""')}"` : null);

/** The ids of every entry that may hold the query's text, or undefined when they are too many to read one by one (or the text too short). */
export function textCandidates(db: DatabaseSync, query: JournalQuery): number[] | undefined {
  const phrase = query.text ? ftsPhrase(query.text) : null;
  if (phrase === null) return undefined;
  const enough = Math.max(FEW_CANDIDATES, 40 * ((query.offset ?? 0) + (query.limit ?? 200)));
  const found = db.prepare(`SELECT rowid AS id FROM ${ENTRIES_TEXT.name} WHERE ${ENTRIES_TEXT.name} MATCH ? LIMIT ?`).all(phrase, enough) as Array<{ id: number }>;
  return found.length < enough ? found.map(({ id }) => Number(id)) : undefined;
}

/** The statement and its parameters: `SELECT *` of the entries found, a page of them, newest first. */
export function sqliteSearch(db: DatabaseSync, profileId: string, query: JournalSearch): { sql: string; params: SQLInputValue[] } {
  const { where, params, page } = searchSql('sqlite', profileId, query, textCandidates(db, query));
  return { sql: `SELECT * FROM entries WHERE ${where} ${page}`, params };
}
