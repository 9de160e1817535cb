import type { JournalSearch } from '../../electron/platform/journal/search-sql.ts';
import { startPostgresServer } from '../../electron/platform/journal/testing/postgres-server.ts';
import type { PostgresServer } from '../../electron/platform/journal/testing/postgres-server.ts';
import { openBenchPostgres, openBenchSqlite } from './journal-engines.ts';
import type { BenchEngine } from './journal-engines.ts';
import { BENCH_COLUMNS, BENCH_PERSON, benchForeignId, benchOperation, benchRow, benchTxids, inBenchProfile } from './journal-rows.ts';
import { ms, summarise, timed } from './stats.ts';
import type { Summary } from './stats.ts';

/**
 * History's searches (renderer/features/history: a page of 50, newest first; the attention banner's
 * unknown outcomes) over a journal of 10,000 and of 1,000,000 entries, on both engines: a SQLite
 * file and a team's PostgreSQL (journal-engines.ts). Each search is timed on each engine; the
 * entries found must be the same on both, which the report says, so a fast but wrong answer shows.
 */

/** History's page (renderer/features/history/use-journal.ts PAGE_SIZE). */
const PAGE = 50;

/** The first entry at or after `fraction` of the journal that is of `operation` and in the searched profile. */
function entryNear(count: number, fraction: number, operation: string): number {
  for (let index = Math.floor(count * fraction); index < count; index += 1) {
    if (benchOperation(index) === operation && inBenchProfile(index)) return index;
  }
  throw new Error(`No ${operation} entry after ${fraction} of ${count}.`);
}

/** One column of entry `index`, as seeded. */
const benchValue = (index: number, count: number, column: (typeof BENCH_COLUMNS)[number]) => benchRow(index, count)[BENCH_COLUMNS.indexOf(column)];

/** The searches, with values that name entries of this journal (a txid deep in the middle, say). */
export function benchSearches(count: number): Array<[string, JournalSearch | 'attention']> {
  const page = { limit: PAGE };
  return [
    ['newest page, every kind', page],
    ['payments, newest page (History opens)', { ...page, kind: 'payments' }],
    ['lookups, newest page', { ...page, kind: 'lookups' }],
    ['text: a foreign id fragment', { ...page, text: benchForeignId('invoices.create', entryNear(count, 0.61, 'invoices.create')).slice(-6) }],
    ['text: a txid (64 hex)', { ...page, text: benchTxids(entryNear(count, 0.37, 'transactions.lookup'))[0] }],
    ['text: a title word', { ...page, text: 'walnut' }],
    ['text: a customer reference', { ...page, text: String(benchValue(entryNear(count, 0.83, 'invoices.create'), count, 'end_user_reference')) }],
    ['attention banner (unknown, and silent submissions)', 'attention'],
    ['state = failed', { ...page, state: 'failed' }],
    ['service status = declined', { ...page, serviceStatus: 'declined' }],
    ['date range (one month)', { ...page, from: '2025-03-01', to: '2025-03-31' }],
    ['person', { ...page, madeBy: BENCH_PERSON }],
    ['person + date range', { ...page, madeBy: BENCH_PERSON, from: '2025-03-01', to: '2025-03-31' }],
    ['deep page (offset 5,000)', { ...page, offset: 5_000 }],
  ];
}

type EngineResult = { engine: string; seedSeconds: number; perSearch: Summary[]; found: number[][]; all: Summary };
type Unmeasured = { engine: string; why: string };
export type JournalSearchSize = { entries: number; searches: string[]; engines: Array<EngineResult | Unmeasured> };

async function measure(engine: BenchEngine, entries: number, runs: number): Promise<EngineResult> {
  const seedSeconds = await engine.seed(entries);
  const searches = benchSearches(entries);
  const perSearch: Summary[] = [];
  const found: number[][] = [];
  const all: number[] = [];
  for (const [, query] of searches) {
    // The first asks warm the page cache and the statement cache, as a History open for a while has them.
    found.push(await engine.search(query));
    await engine.search(query);
    const times: number[] = [];
    for (let run = 0; run < runs; run += 1) times.push(await timed(() => engine.search(query)));
    perSearch.push(summarise(times));
    all.push(...times);
  }
  return { engine: engine.name, seedSeconds, perSearch, found, all: summarise(all) };
}

async function measureEach(open: () => Promise<BenchEngine>, entries: number, runs: number): Promise<EngineResult> {
  const engine = await open();
  try {
    return await measure(engine, entries, runs);
  } finally {
    await engine.close();
  }
}

export type JournalEngineName = BenchEngine['name'];
export const JOURNAL_ENGINES: readonly JournalEngineName[] = ['SQLite', 'PostgreSQL'];

/**
 * Every size on both engines, or on those named (`npm run bench -- --journal=sqlite` measures one
 * while a change is tried); PostgreSQL is reported as not measured, with why, when its server
 * cannot start, and its server is not started when it is not asked for.
 */
export async function benchJournalSearch(sizes: ReadonlyArray<{ entries: number; runs: number }>, engines: readonly JournalEngineName[] = JOURNAL_ENGINES): Promise<JournalSearchSize[]> {
  // Ctrl-C ends the process without its 'exit' event, which is what stops the bench's server.
  const interrupted = () => process.exit(130);
  process.once('SIGINT', interrupted);
  let server: PostgresServer | { unavailable: string } | undefined;
  try {
    if (engines.includes('PostgreSQL')) server = await startPostgresServer();
  } catch (error) {
    server = { unavailable: error instanceof Error ? error.message : String(error) };
  }
  try {
    const results: JournalSearchSize[] = [];
    for (const { entries, runs } of sizes) {
      const measuredHere: JournalSearchSize['engines'] = [];
      if (engines.includes('SQLite')) measuredHere.push(await measureEach(openBenchSqlite, entries, runs));
      const pg = server;
      if (pg) measuredHere.push('unavailable' in pg ? { engine: 'PostgreSQL', why: pg.unavailable } : await measureEach(() => openBenchPostgres(pg), entries, runs));
      results.push({ entries, searches: benchSearches(entries).map(([name]) => name), engines: measuredHere });
    }
    return results;
  } finally {
    if (server && !('unavailable' in server)) await server.dispose();
    process.removeListener('SIGINT', interrupted);
  }
}

const measured = (engines: JournalSearchSize['engines']): EngineResult[] => engines.filter((e): e is EngineResult => 'perSearch' in e);

/** What each search found: one count when every engine found the same entries, else each engine's. */
function foundCell(results: EngineResult[], search: number): string {
  const lists = results.map((r) => r.found[search] ?? []);
  const same = lists.every((list) => JSON.stringify(list) === JSON.stringify(lists[0]));
  return same ? String(lists[0]?.length ?? 0) : `**differ**: ${results.map((r, i) => `${r.engine} ${lists[i]?.length ?? 0}`).join(', ')}`;
}

function sizeMarkdown(size: JournalSearchSize): string[] {
  const results = measured(size.engines);
  const head = results.flatMap((r) => [`${r.engine} p50`, `${r.engine} p95`]);
  return [
    `## Journal search over ${size.entries.toLocaleString('en')} entries`,
    '',
    'SQLite: a real file (node:sqlite, WAL) opened as the app opens it. PostgreSQL: a server of the bench\'s own on',
    'loopback, the team database owned by a plain login role, one connection. Both at the newest schema, with the same',
    `entries (two years, two merchant accounts, eight people), seeded in bulk (${results.map((r) => `${r.engine} ${r.seedSeconds.toFixed(1)} s`).join(', ')}).`,
    `History's page of ${PAGE}, newest first; ${results[0]?.perSearch[0]?.runs ?? 0} timed runs per search after two untimed ones.`,
    'Each filter reads its (profile, column, newest first) index; free text goes through the text index (SQLite: FTS5',
    'trigrams, asked for an id in the term alone first, read for a rare term, the newest entries walked for a common one;',
    "PostgreSQL: pg_trgm's GIN, as its planner chooses).",
    '',
    `| search | ${head.join(' | ')} | found |`,
    `|---|${head.map(() => '---|').join('')}---|`,
    ...size.searches.map((name, i) => `| ${name} | ${results.flatMap((r) => [ms(r.perSearch[i]?.p50 ?? Number.NaN), ms(r.perSearch[i]?.p95 ?? Number.NaN)]).join(' | ')} | ${foundCell(results, i)} |`),
    '',
    `All searches: ${results.map((r) => `${r.engine} p95 **${ms(r.all.p95)}**`).join(', ')} (target: at most 20 ms).`,
    ...size.engines.filter((e): e is Unmeasured => 'why' in e).map((e) => `\n${e.engine} not measured: ${e.why}`),
  ];
}

export function journalSearchMarkdown(sizes: readonly JournalSearchSize[]): string {
  return sizes.flatMap((size, i) => [...(i > 0 ? [''] : []), ...sizeMarkdown(size)]).join('\n');
}
