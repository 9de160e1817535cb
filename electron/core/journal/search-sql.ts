import type { JournalQuery } from '../../../shared/ipc/journal.ts';
import type { Engine } from './schema/schema-model.ts';

/**
 * The journal's search in either engine's words (issue 15), for the SQLite journal (journal.ts) and
 * the team journal alike: the same columns for text, the same filters, the same order and page;
 * postgres/parity.test.ts writes the same entries to both and compares every answer. The engines
 * differ in two things, bridged here: SQLite's LIKE ignores ASCII case, PostgreSQL's does not (so
 * ILIKE); and PostgreSQL numbers its parameters ($1, $2, ...).
 */

/** The journal's filters, and History's filter by person (a display name, exactly; schema version 6). */
export type JournalSearch = JournalQuery & { madeBy?: string };

/** A lookup's txids (a hash finds the lookup that saw it) and a deposit address are searched too. */
const TEXT_COLUMNS = ['foreign_id', 'service_id', 'title', 'end_user_reference', 'txids', 'address'];

/** A bare date bound covers the whole UTC day; timestamps are compared as given, in UTC. */
function boundary(value: string, side: 'start' | 'end'): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return side === 'start' ? `${value}T00:00:00.000Z` : `${value}T23:59:59.999Z`;
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw new RangeError(`Not a date: ${value}`);
  return new Date(time).toISOString();
}

export type SearchSql = { where: string; params: Array<string | number>; page: string };

export function searchSql(engine: Engine, profileId: string, query: JournalSearch): SearchSql {
  const params: Array<string | number> = [];
  const param = (value: string | number): string => {
    params.push(value);
    return engine === 'postgres' ? `$${params.length}` : '?';
  };
  const where = [`profile_id = ${param(profileId)}`];
  if (query.text) {
    const like = `%${query.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const test = engine === 'postgres' ? 'ILIKE' : 'LIKE';
    where.push(`(${TEXT_COLUMNS.map((column) => `${column} ${test} ${param(like)} ESCAPE '\\'`).join(' OR ')})`);
  }
  const filters: Array<[string, string | undefined]> = [
    ['operation =', query.operation],
    ['state =', query.state],
    ['service_status =', query.serviceStatus],
    ['made_by =', query.madeBy],
    ['created_at >=', query.from && boundary(query.from, 'start')],
    ['created_at <=', query.to && boundary(query.to, 'end')],
  ];
  for (const [test, value] of filters) {
    if (value === undefined || value === '') continue;
    where.push(`${test} ${param(value)}`);
  }
  const page = `ORDER BY created_at DESC, id DESC LIMIT ${param(query.limit ?? 200)} OFFSET ${param(query.offset ?? 0)}`;
  return { where: where.join(' AND '), params, page };
}
