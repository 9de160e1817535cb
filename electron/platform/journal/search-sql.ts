import type { JournalQuery } from '../../../shared/ipc/journal.ts';
import { ENTRIES_TEXT } from './schema/journal-schema.ts';
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
 *    newest-first walk for a common one. A term holding the separator is tested column by column.
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
  if (engine === 'postgres') return text.includes(TEXT_SEPARATOR) ? columns() : `(${joinedText(ENTRIES_TEXT)}) ILIKE ${param(like)} ESCAPE '\\'`;
  if (candidates === undefined) return columns();
  // Parameters in the order they appear: SQLite's are positional.
  return `(id IN (SELECT value FROM json_each(${param(JSON.stringify(candidates))})) AND ${columns()})`;
}

/** A bare date bound covers the whole UTC day; timestamps are compared as given, in UTC. */
function boundary(value: string, side: 'start' | 'end'): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return side === 'start' ? `${value}T00:00:00.000Z` : `${value}T23:59:59.999Z`;
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw new RangeError(`Not a date: ${value}`);
  return new Date(time).toISOString();
}

export type SearchSql = { where: string; params: Array<string | number>; page: string };

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
  const page = `ORDER BY entries.created_at DESC, entries.id DESC LIMIT ${param(query.limit ?? 200)} OFFSET ${param(query.offset ?? 0)}`;
  return { where: where.join(' AND '), params, page };
}
