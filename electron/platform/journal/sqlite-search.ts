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
 * first for the entries that may hold the term, no more than `enough` of them: fewer, and the search
 * reads just those (search-sql.ts); as many, and it walks.
 *
 * The line: reading a candidate costs a few microseconds; the walk tests an entry in about one, and
 * for a page of n reads about n × (entries / candidates) of them. At a million entries and a page of
 * 50 the two meet near 3,000 candidates; a deeper page (an offset) needs more of the walk.
 */

const FEW_CANDIDATES = 2_000;

/** An FTS5 string: the characters as text, never as query syntax (double quotes doubled). */
const quoted = (chars: readonly string[]): string => `"${chars.join('').replaceAll('"', '""')}"`;

/**
 * Two FTS5 queries for a term of three characters or more. Every third trigram, in any order: a
 * third of the index to read (a txid has 62 trigrams, many of them common), for a few more
 * candidates, which LIKE sorts out. Then, when those are too many, the phrase (every trigram, one
 * after another: the term itself), so a term whose trigrams are common but which is rare itself
 * still reads its candidates.
 */
function ftsQueries(chars: readonly string[]): string[] {
  const tiles: string[] = [];
  for (let at = 0; at + 3 <= chars.length; at += 3) tiles.push(quoted(chars.slice(at, at + 3)));
  if (chars.length % 3 !== 0) tiles.push(quoted(chars.slice(-3)));
  return [tiles.join(' '), quoted(chars)];
}

/** The ids of every entry that may hold the query's text, or undefined when they are too many to read one by one (or the text too short). */
export function textCandidates(db: DatabaseSync, query: JournalQuery): number[] | undefined {
  const chars = [...(query.text ?? '')];
  if (chars.length < 3) return undefined;
  const enough = Math.max(FEW_CANDIDATES, 40 * ((query.offset ?? 0) + (query.limit ?? 200)));
  const ask = db.prepare(`SELECT rowid AS id FROM ${ENTRIES_TEXT.name} WHERE ${ENTRIES_TEXT.name} MATCH ? LIMIT ?`);
  for (const match of ftsQueries(chars)) {
    const found = ask.all(match, enough) as Array<{ id: number }>;
    if (found.length < enough) return found.map(({ id }) => Number(id));
  }
  return undefined;
}

/** The statement and its parameters: `columns` of the entries found, a page of them, newest first. */
export function sqliteSearch(db: DatabaseSync, profileId: string, query: JournalSearch, columns = '*'): { sql: string; params: SQLInputValue[] } {
  const { where, params, page } = searchSql('sqlite', profileId, query, textCandidates(db, query));
  return { sql: `SELECT ${columns} FROM entries WHERE ${where} ${page}`, params };
}
