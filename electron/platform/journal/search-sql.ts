import type { JournalQuery } from '../../../shared/ipc/journal.ts';
import { ENTRIES_TEXT, KIND_CONDITIONS } from './schema/journal-schema.ts';
import { joinedText, TEXT_SEPARATOR } from './schema/schema-ddl.ts';
import type { Engine } from './schema/schema-model.ts';

/**
 * The journal's search in either engine's words, for the SQLite journal (journal.ts) and
 * the team journal alike: the same columns for text, the same filters, the same order and page;
 * postgres/parity.test.ts writes the same entries to both and compares every answer. The engines
 * differ in two things, bridged here: SQLite's LIKE ignores ASCII case, PostgreSQL's does not (so
 * ILIKE); PostgreSQL numbers its parameters ($1, $2, ...); and each has its own text index (below).
 */

/** The journal's filters, and History's filter by person (a display name, exactly; schema version 6). */
export type JournalSearch = JournalQuery & { madeBy?: string };

/**
 * Free text: an entry one of whose text columns holds it (a lookup's txids: a hash finds the lookup
 * that saw it; a deposit address), ASCII case ignored. The text index (journal-schema.ts
 * ENTRIES_TEXT) finds such entries without reading every one:
 *  - PostgreSQL: ILIKE on the joined text its pg_trgm index holds (schema-ddl.ts), which answers
 *    exactly, so the planner weighs one test with its statistics: the index for a rare term, the
 *    newest-first walk for a common one. A longer term has the index read a pattern it implies,
 *    with fewer and rarer trigrams (tilePattern), and is itself tested on what that finds. A term
 *    holding the separator is tested column by column.
 *  - SQLite: its FTS5 table has no statistics, so the caller asks it first (sqlite-search.ts) and,
 *    for a rare term, hands over the `candidates`, the ids of the entries that may hold it: only
 *    those are read and sorted. Otherwise the columns are tested while walking the newest entries,
 *    which finds a page of a common term in its first few thousand. Either way the columns' LIKE
 *    decides, as FTS5 folds more than ASCII case.
 */
function textTest(engine: Engine, text: string, candidates: readonly number[] | undefined, param: (value: string) => string): string {
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const test = engine === 'postgres' ? 'ILIKE' : 'LIKE';
  const columns = () => `(${ENTRIES_TEXT.columns.map((column) => `${column} ${test} ${param(like)} ESCAPE '\\'`).join(' OR ')})`;
  if (engine === 'postgres') {
    if (text.includes(TEXT_SEPARATOR)) return columns();
    const joined = `(${joinedText(ENTRIES_TEXT)}) ILIKE ${param(like)} ESCAPE '\\'`;
    const tiled = tilePattern(text);
    if (tiled === undefined) return joined;
    // The tiles' pattern is what the pg_trgm index reads and what the planner estimates the matches
    // by; the whole term, the search itself, is tested on each row found. As an integer compared
    // with 0 it is no index condition and its estimate is near 1, so the planner does not count
    // the term twice (the tiles' share times the term's), which would make a common title phrase
    // look rare and have it read thousands of matches through the index instead of walking.
    return `(${joinedText(ENTRIES_TEXT)}) ILIKE ${param(tiled)} ESCAPE '\\' AND (${joined})::integer <> 0`;
  }
  if (candidates === undefined) return columns();
  // Parameters in the order they appear: SQLite's are positional.
  return `(id IN (SELECT value FROM json_each(${param(JSON.stringify(candidates))})) AND ${columns()})`;
}

/** A word longer than this is read by its tiles (below): a hash, an address, a long id. */
const WHOLE_WORD = 8;
/** A word of at least this many characters, a digit among them, names an entry or a few (below). */
const ID_WORD = 5;
/** At most this many tiles of one long word. */
const MAX_TILES = 6;

/**
 * PostgreSQL: a pattern the term implies, which the pg_trgm index answers with fewer and rarer
 * trigrams than the term itself. For ILIKE '%term%' the index reads every trigram of the term,
 * each word's edges included ('  0', 'st ': the start or end of every word that begins or ends
 * alike, among the most common keys of the index), and at a million entries a 64-hex txid's 62
 * trigrams, or a customer reference's edges and its 'CUST', took 25 ms. Here the term's words
 * (runs of three or more ASCII letters and digits) follow each other between wildcards, so no edge
 * is read: a word of up to WHOLE_WORD characters whole, a longer one by its non-overlapping tiles
 * of three, at most MAX_TILES spread over it ('%34f%923%...%'). When the term holds an id (a word
 * of ID_WORD or more with a digit: a number, a reference, a hash), only its ids: the rarer
 * trigrams, as words of letters are the journal's vocabulary, shared by many entries ('CUST',
 * 'INV', 'Order', a product), where such an id names one or a few ('CUST-06928' reads '%06928%').
 * A shorter number may be common (a year), so it leaves the words in. The pattern holds wherever
 * the term does: its segments are in the term, in order, apart, and ILIKE lowers each character
 * on its own, the term's and the segments' alike. What else matches is sorted out by the term
 * itself. Undefined when it would read no fewer trigrams than the term.
 */
export function tilePattern(text: string): string | undefined {
  const { segments } = termSegments(text, MAX_TILES);
  const pattern = `%${segments.join('%')}%`;
  return segments.length === 0 || pattern === `%${text}%` ? undefined : pattern;
}

/**
 * The pieces of a term that a text index reads (above, and SQLite's first question in
 * sqlite-search.ts): its id words when it has any (`ids`), else all its words; a word of up to
 * WHOLE_WORD characters whole, a longer one by at most `mostTiles` of its non-overlapping tiles of
 * three. Each piece is in the term, in order, so it is in every text that holds the term.
 */
export function termSegments(text: string, mostTiles: number): { segments: string[]; ids: boolean } {
  const segments: string[] = [];
  const words = [...text.matchAll(/[A-Za-z0-9]{3,}/g)].map(([word]) => word);
  const ids = words.filter((word) => word.length >= ID_WORD && /\d/.test(word));
  for (const word of ids.length > 0 ? ids : words) {
    if (word.length <= WHOLE_WORD) {
      segments.push(word);
      continue;
    }
    const tiles: string[] = [];
    for (let at = 0; at + 3 <= word.length; at += 3) tiles.push(word.slice(at, at + 3));
    const step = Math.ceil(tiles.length / mostTiles);
    segments.push(...tiles.filter((_, i) => i % step === 0));
  }
  return { segments, ids: ids.length > 0 };
}

/** A bare date bound covers the whole UTC day; timestamps are compared as given, in UTC. */
function boundary(value: string, side: 'start' | 'end'): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return side === 'start' ? `${value}T00:00:00.000Z` : `${value}T23:59:59.999Z`;
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw new RangeError(`Not a date: ${value}`);
  return new Date(time).toISOString();
}

export type SearchSql = { where: string; params: Array<string | number>; page: string };

/** The page's order: newest first, the id deciding between entries of the same millisecond. */
export const NEWEST_FIRST = 'ORDER BY entries.created_at DESC, entries.id DESC';

/** `textCandidates`: SQLite only, the ids of every entry that may hold the free text (above). */
export function searchSql(engine: Engine, profileId: string, query: JournalSearch, textCandidates?: readonly number[]): SearchSql {
  const params: Array<string | number> = [];
  const param = (value: string | number): string => {
    params.push(value);
    return engine === 'postgres' ? `$${params.length}` : '?';
  };
  // Reading the text's candidates, SQLite must not walk an index of the other filters instead: a
  // unary + keeps a column's test off every index (the planner, without statistics, would guess wrong).
  const candidates = engine === 'sqlite' && query.text ? textCandidates : undefined;
  const column = (name: string) => (candidates ? `+${name}` : name);
  const where = [`${column('profile_id')} = ${param(profileId)}`];
  if (query.text) where.push(textTest(engine, query.text, candidates, param));
  // Written out, not a parameter: the kind's partial index serves only its own condition, word for word.
  if (query.kind) where.push(KIND_CONDITIONS[query.kind](column('operation')));
  const filters: Array<[string, string | undefined]> = [
    [`${column('operation')} =`, query.operation],
    [`${column('state')} =`, query.state],
    [`${column('service_status')} =`, query.serviceStatus],
    [`${column('made_by')} =`, query.madeBy],
    [`${column('created_at')} >=`, query.from && boundary(query.from, 'start')],
    [`${column('created_at')} <=`, query.to && boundary(query.to, 'end')],
  ];
  for (const [test, value] of filters) {
    if (value === undefined || value === '') continue;
    where.push(`${test} ${param(value)}`);
  }
  // The table's own columns, named as such: the team journal selects created_at as ISO text under
  // the same name, and PostgreSQL would sort by that text (every row converted, no index) otherwise.
  const page = `${NEWEST_FIRST} LIMIT ${param(query.limit ?? 200)} OFFSET ${param(query.offset ?? 0)}`;
  return { where: where.join(' AND '), params, page };
}
