import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type { JournalQuery } from '../../../shared/ipc/journal.ts';
import { ENTRIES_TEXT } from './schema/journal-schema.ts';
import { searchSql, termSegments } from './search-sql.ts';
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
const quoted = (text: string): string => `"${text.replaceAll('"', '""')}"`;

/**
 * A long id word is read by this many of its tiles: at a million entries four of a txid's 21 find
 * it alone or with a few others, where each further tile costs more reading than it saves.
 */
const ID_TILES = 4;

/**
 * The FTS5 queries for a term of three characters or more, asked in turn until one finds few
 * enough candidates; each finds every entry that holds the term, and more, which LIKE sorts out.
 *  1. When the term holds an id (a word of five or more with a digit: a number, a reference, a
 *     hash), that id alone: its words of letters are the journal's vocabulary ('CUST', 'INV',
 *     'Order'), whose trigrams are in half the entries and whose reading made a customer reference
 *     the slowest search (7 ms of its 8 at a million entries), where the id's own name a few dozen.
 *     The pieces are search-sql.ts termSegments: a short id whole, a long one by ID_TILES tiles.
 *  2. Every third trigram of the term, in any order: a third of the index to read, for a few more
 *     candidates.
 *  3. When those are too many, the phrase (every trigram, one after another: the term itself), so a
 *     term whose trigrams are common but which is rare itself still reads its candidates.
 */
export function ftsQueries(text: string): string[] {
  const chars = [...text];
  const tiles: string[] = [];
  for (let at = 0; at + 3 <= chars.length; at += 3) tiles.push(quoted(chars.slice(at, at + 3).join('')));
  if (chars.length % 3 !== 0) tiles.push(quoted(chars.slice(-3).join('')));
  const id = termSegments(text, ID_TILES);
  const queries = [tiles.join(' '), quoted(text)];
  if (id.ids) queries.unshift(id.segments.map(quoted).join(' '));
  return [...new Set(queries)];
}

/** The ids of every entry that may hold the query's text, or undefined when they are too many to read one by one (or the text too short). */
export function textCandidates(db: DatabaseSync, query: JournalQuery): number[] | undefined {
  const text = query.text ?? '';
  if ([...text].length < 3) return undefined;
  const enough = Math.max(FEW_CANDIDATES, 40 * ((query.offset ?? 0) + (query.limit ?? 200)));
  // Counted and listed by SQLite itself: a common term's `enough` candidates are never made into
  // JavaScript rows only to be counted (half a millisecond of a title word's search at a million).
  const ask = db.prepare(`SELECT count(*) AS found, json_group_array(id) AS ids FROM (SELECT rowid AS id FROM ${ENTRIES_TEXT.name} WHERE ${ENTRIES_TEXT.name} MATCH ? LIMIT ?)`);
  for (const match of ftsQueries(text)) {
    const { found, ids } = ask.get(match, enough) as { found: number; ids: string };
    if (found < enough) return JSON.parse(ids) as number[];
  }
  return undefined;
}

/** The statement and its parameters: `columns` of the entries found, a page of them, newest first. */
export function sqliteSearch(db: DatabaseSync, profileId: string, query: JournalSearch, columns = '*'): { sql: string; params: SQLInputValue[] } {
  const { where, params, page } = searchSql('sqlite', profileId, query, textCandidates(db, query));
  return { sql: `SELECT ${columns} FROM entries WHERE ${where} ${page}`, params };
}
