import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SQLInputValue } from 'node:sqlite';
import type { JournalEntry } from '../../shared/ipc/journal.ts';
import { openJournalDatabase } from '../../electron/platform/journal/database.ts';
import { createJournal } from '../../electron/platform/journal/journal.ts';
import { openTeamJournal } from '../../electron/platform/journal/postgres/team-journal.ts';
import { ENTRIES_TEXT, JOURNAL_MIGRATIONS, LATEST_JOURNAL_VERSION } from '../../electron/platform/journal/schema/journal-schema.ts';
import { tablesAt } from '../../electron/platform/journal/schema/schema-model.ts';
import type { JournalSearch } from '../../electron/platform/journal/search-sql.ts';
import type { Author, JournalStore } from '../../electron/platform/journal/store.ts';
import type { PostgresAddress } from '../../electron/platform/journal/testing/postgres-server.ts';
import { createTeamDatabase } from '../../electron/platform/journal/testing/team-database.ts';
import { BENCH_COLUMNS, BENCH_PROFILE, benchRow } from './journal-rows.ts';
import type { BenchValue } from './journal-rows.ts';

/**
 * The two engines the journal search bench runs on, each as the app has it: a SQLite file in WAL
 * opened (and migrated) by openJournalDatabase, and a PostgreSQL server of its
 * own (the tests' postgres-server.ts) with a team database owned by a plain login role, migrated by
 * openTeamJournal. Both are seeded in bulk with the same generated rows (journal-rows.ts), and
 * searched through the journals themselves (JournalStore's search and attention), as History is.
 */

export type BenchEngine = {
  name: 'SQLite' | 'PostgreSQL';
  /** Writes entries 0 to count - 1 of a journal of `count`; returns the seconds it took. */
  seed(count: number): Promise<number>;
  /** The ids of the entries found, in order: both engines must find the same. A search, or the attention banner's list. */
  search(query: JournalSearch | 'attention'): Promise<number[]>;
  close(): Promise<void>;
};

/** Who the bench's journals would write as: nobody writes through them, the rows are seeded. */
const BENCH_AUTHOR: Author = { name: 'Bench', computer: 'bench', desktopId: 'bench-desktop' };

/** History's two reads, as the app asks a journal for them. */
async function searched(store: JournalStore, query: JournalSearch | 'attention'): Promise<number[]> {
  const { entries }: { entries: JournalEntry[] } = query === 'attention' ? await store.attention(BENCH_PROFILE) : await store.search(BENCH_PROFILE, query);
  return entries.map((entry) => entry.id);
}

/**
 * Seeding is a bulk load, as a restore is: the indexes (and SQLite's text index triggers) are set
 * aside, the rows written, then each index built once from its own definition, read back from the
 * database. Row by row through every index, a million entries took three to four minutes per engine.
 * The searches then run on exactly the schema the migrations made, which is checked.
 */
type SchemaObject = { type: string; name: string; sql: string };

function sameSchema(before: readonly SchemaObject[], after: readonly SchemaObject[]): void {
  if (JSON.stringify(before) !== JSON.stringify(after)) {
    throw new Error(`The bench's bulk load left another schema than the migrations made:\n${JSON.stringify(before)}\n${JSON.stringify(after)}`);
  }
}

/** Rows per PostgreSQL statement: one array per column, so a statement has as many parameters as columns. */
const PG_BATCH = 10_000;

const seconds = (started: number) => (performance.now() - started) / 1000;

export async function openBenchSqlite(): Promise<BenchEngine> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-journal-'));
  const db = openJournalDatabase(join(dir, 'journal.sqlite'));
  const store = createJournal(db, { author: () => BENCH_AUTHOR });
  return {
    name: 'SQLite',
    async seed(count) {
      const started = performance.now();
      const schema = () => db.prepare("SELECT type, name, sql FROM sqlite_schema WHERE tbl_name = 'entries' AND type IN ('index', 'trigger') AND sql IS NOT NULL ORDER BY type, name").all() as SchemaObject[];
      const kept = schema();
      const insert = db.prepare(`INSERT INTO entries (${BENCH_COLUMNS.join(', ')}) VALUES (${BENCH_COLUMNS.map(() => '?').join(', ')})`);
      db.exec('BEGIN');
      for (const { type, name } of kept) db.exec(`DROP ${type.toUpperCase()} ${name}`);
      for (let index = 0; index < count; index += 1) insert.run(...(benchRow(index, count) as SQLInputValue[]));
      for (const { sql } of kept.filter((o) => o.type === 'index')) db.exec(sql);
      db.exec(`INSERT INTO ${ENTRIES_TEXT.name} (${ENTRIES_TEXT.name}) VALUES ('rebuild')`);
      for (const { sql } of kept.filter((o) => o.type === 'trigger')) db.exec(sql);
      db.exec('COMMIT');
      sameSchema(kept, schema());
      // No ANALYZE: the app never runs it, so its planner has no statistics either.
      return seconds(started);
    },
    search: (query) => searched(store, query),
    async close() {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Each seeded column's PostgreSQL array type, from the schema description's column types. */
function pgArrayTypes(): string[] {
  const columns = tablesAt(JOURNAL_MIGRATIONS, LATEST_JOURNAL_VERSION).get('entries')?.columns ?? [];
  const types = { id: 'bigint', text: 'text', integer: 'integer', timestamp: 'timestamptz' } as const;
  return BENCH_COLUMNS.map((name) => {
    const column = columns.find((c) => c.name === name);
    if (!column) throw new Error(`The bench seeds ${name}, which schema version ${LATEST_JOURNAL_VERSION} does not have.`);
    return `${types[column.type]}[]`;
  });
}

/** A database of its own on the bench's server, owned by a login role that is not a superuser, as a team's would be. */
export async function openBenchPostgres(server: PostgresAddress): Promise<BenchEngine> {
  const team = await createTeamDatabase(server, 'bench');
  // One connection, as a desktop's History asks one question at a time.
  const pool = team.pool({ max: 1 });
  let store: JournalStore;
  try {
    // Opening migrates the new database, as a desktop's first connection does.
    store = await openTeamJournal(pool, { author: () => BENCH_AUTHOR });
  } catch (error) {
    await pool.end();
    await team.drop();
    throw error;
  }
  const unnest = pgArrayTypes().map((type, i) => `$${i + 1}::${type}`).join(', ');
  const insert = `INSERT INTO entries (${BENCH_COLUMNS.join(', ')}) SELECT * FROM unnest(${unnest})`;
  return {
    name: 'PostgreSQL',
    async seed(count) {
      const started = performance.now();
      const client = await pool.connect();
      // An index's own statistics targets are no part of its definition: the text index's (schema-ddl.ts)
      // is set apart, and a bench without it measured the planner guessing a common word rare.
      const schema = async () =>
        (
          await client.query<SchemaObject & { statistics: string | null }>(`SELECT 'index' AS type, indexname AS name, indexdef AS sql,
              (SELECT pg_catalog.string_agg(a.attnum || ' ' || a.attstattarget, ',' ORDER BY a.attnum) FROM pg_attribute a
                WHERE a.attrelid = i.indexrelid AND a.attstattarget >= 0) AS statistics
            FROM pg_indexes x JOIN pg_namespace n ON n.nspname = x.schemaname
              JOIN pg_class c ON c.relname = x.indexname AND c.relnamespace = n.oid JOIN pg_index i ON i.indexrelid = c.oid
            WHERE x.tablename = 'entries' AND x.indexname <> 'entries_pkey' ORDER BY x.indexname`)
        ).rows;
      try {
        const kept = await schema();
        await client.query('BEGIN');
        // A restore's memory for building an index, for this transaction only.
        await client.query("SET LOCAL maintenance_work_mem = '256MB'");
        for (const { name } of kept) await client.query(`DROP INDEX ${name}`);
        for (let from = 0; from < count; from += PG_BATCH) {
          const columns: BenchValue[][] = BENCH_COLUMNS.map(() => []);
          for (let index = from; index < Math.min(count, from + PG_BATCH); index += 1) {
            benchRow(index, count).forEach((value, column) => columns[column]?.push(value));
          }
          await client.query(insert, columns);
        }
        for (const { sql } of kept) await client.query(sql);
        for (const { name, statistics } of kept) {
          for (const target of statistics?.split(',') ?? []) {
            const [column, value] = target.split(' ').map(Number);
            await client.query(`ALTER INDEX ${name} ALTER COLUMN ${column} SET STATISTICS ${value}`);
          }
        }
        await client.query('COMMIT');
        sameSchema(kept, await schema());
        // What autovacuum does soon after a bulk load: the statistics the planner reads.
        await client.query('VACUUM ANALYZE entries');
      } finally {
        client.release();
      }
      return seconds(started);
    },
    search: (query) => searched(store, query),
    async close() {
      await pool.end();
      await team.drop();
    },
  };
}
