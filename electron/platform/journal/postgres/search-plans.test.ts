import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchSql } from '../search-sql.ts';
import type { JournalSearch } from '../search-sql.ts';
import { teamDatabaseForTest } from '../testing/team-database.ts';
import type { TeamDatabase } from '../testing/team-database.ts';
import { migratePostgresJournal } from './postgres-migrations.ts';
import { ENTRY_COLUMNS } from './team-entry.ts';
import { teamSearchSql } from './team-journal.ts';

/**
 * The team journal's searches on a real server, read from PostgreSQL's own plans (EXPLAIN) over
 * 30,000 entries with their statistics: every History filter walks an index newest first and stops
 * at its page (no whole-table read, no sort), and a free text uses the pg_trgm index for a rare term.
 * The database is migrated by its owner, a role that is not a superuser, as a team's would be.
 * Speed itself is the bench's (npm run bench); these say which way each search goes.
 */

let team: TeamDatabase;
let pool: pg.Pool;

const TXID = 'c4ca4238a0b923820dcc509a6f75849bc81e728d9d4c2f636f067f89cc14862c';

beforeAll(async () => {
  team = await teamDatabaseForTest('search-plans');
  pool = team.pool();
  await migratePostgresJournal(pool);
  // Two merchant accounts, four operations, eight people, a rare unknown, two txids per lookup (64 hex), a minute apart.
  await pool.query(`INSERT INTO entries (profile_id, profile_name, operation, state, foreign_id, service_id, service_status, title,
      end_user_reference, txids, request, created_at, updated_at, made_by, entry_uid)
    SELECT CASE WHEN i % 10 = 9 THEN 'other' ELSE 'shop' END, 'Shop', (ARRAY['invoices.create', 'transactions.lookup', 'exchange.place', 'addresses.take'])[1 + i % 4],
      CASE WHEN i % 4999 = 7 THEN 'unknown' WHEN i % 13 = 0 THEN 'failed' ELSE 'succeeded' END,
      'INV-' || lpad(i::text, 8, '0'), (134700000 + i)::text, CASE WHEN i % 97 = 0 THEN 'declined' ELSE 'created' END,
      'Order ' || i || ': ' || (ARRAY['walnut desk', 'oak shelf', 'linen throw', 'ceramic mug', 'copper kettle', 'wool rug', 'glass vase', 'bamboo tray'])[1 + i % 8],
      'CUST-' || lpad((i % 3000)::text, 5, '0'), '["' || md5(i::text) || md5((i + 1)::text) || '"]', '{}',
      timestamptz '2025-01-01 00:00:00Z' + i * interval '1 minute', timestamptz '2025-01-01 00:00:00Z' + i * interval '1 minute',
      (ARRAY['Ana Ruiz', 'Jonas Berg', 'Mei Tanaka', 'Olivia Brown', 'Karim Haddad', 'Lucía Fernández', 'Piotr Nowak', 'Sara Lindqvist'])[1 + i % 8], md5('uid' || i)
    FROM generate_series(1, 30000) AS i`);
  // What autovacuum does after a load: the statistics the planner reads.
  await pool.query('ANALYZE entries');
});
afterAll(async () => {
  await pool?.end();
  await team?.drop();
});

type PlanNode = { 'Node Type': string; 'Index Name'?: string; 'Relation Name'?: string; Plans?: PlanNode[] };

/** Every step of the plan PostgreSQL makes for the team journal's search, as "Node Type [index]". */
async function steps(query: JournalSearch): Promise<string[]> {
  const { where, params, page } = searchSql('postgres', 'shop', query);
  return planOf(`SELECT ${ENTRY_COLUMNS} FROM entries WHERE ${where} ${page}`, params);
}

async function planOf(sql: string, params: unknown[]): Promise<string[]> {
  const { rows } = await pool.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
  const flat = (node: PlanNode): string[] => [`${node['Node Type']}${node['Index Name'] ? ` ${node['Index Name']}` : ''}`, ...(node.Plans ?? []).flatMap(flat)];
  return flat(rows[0]?.['QUERY PLAN'][0]?.Plan as PlanNode);
}

const found = async (query: JournalSearch): Promise<string[]> => {
  const { where, params, page } = searchSql('postgres', 'shop', query);
  return (await pool.query<{ foreign_id: string }>(`SELECT foreign_id FROM entries WHERE ${where} ${page}`, params)).rows.map((row) => row.foreign_id);
};

describe("the team journal's searches", () => {
  it('are planned on a database whose owner is no superuser, with pg_trgm created by that owner', async () => {
    const { rows } = await pool.query<{ rolsuper: boolean; owns: boolean; trgm: boolean }>(`SELECT r.rolsuper,
        (SELECT datdba = r.oid FROM pg_database WHERE datname = current_database()) AS owns,
        EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') AS trgm
      FROM pg_roles r WHERE r.rolname = current_user`);
    expect(rows).toEqual([{ rolsuper: false, owns: true, trgm: true }]);
  });

  it("samples the text index's joined text ten times more than the default, so a common word's share is estimated steadily", async () => {
    // With the default sample a word in 2 % of entries was often estimated rare, and at a million
    // entries its page took 160 ms through the text index instead of 4 ms walking the newest (the bench).
    const { rows } = await pool.query<{ target: number }>("SELECT attstattarget AS target FROM pg_attribute WHERE attrelid = 'entries_text'::regclass AND attnum = 1");
    expect(rows).toEqual([{ target: 1000 }]);
  });

  it.each<[string, JournalSearch, string]>([
    ['the newest page', { limit: 50 }, 'entries_profile_created'],
    ['a state', { state: 'failed', limit: 50 }, 'entries_profile_state'],
    ['a service status', { serviceStatus: 'declined', limit: 50 }, 'entries_profile_service_status'],
    ['a person', { madeBy: 'Olivia Brown', limit: 50 }, 'entries_profile_made_by'],
    ['a date range', { from: '2025-01-05', to: '2025-01-06', limit: 50 }, 'entries_profile_created'],
    ['a deep page', { limit: 50, offset: 5_000 }, 'entries_profile_created'],
    ["History's default view, the payments", { kind: 'payments', limit: 50 }, 'entries_profile_payments'],
    ['the lookups', { kind: 'lookups', limit: 50 }, 'entries_profile_lookups'],
    ['a deep page of payments', { kind: 'payments', limit: 50, offset: 5_000 }, 'entries_profile_payments'],
    ['a common word, walked newest first', { text: 'walnut', limit: 50 }, 'entries_profile_created'],
  ])('%s: an index, newest first, never the whole table nor a sort', async (_name, query, index) => {
    const plan = await steps(query);
    expect(plan).toContain(`Index Scan ${index}`);
    expect(plan.filter((step) => /Seq Scan|Sort/.test(step))).toEqual([]);
  });

  it('the attention banner: its few unknown outcomes come from a state index (then sorted, being few), never the whole table', async () => {
    const plan = await steps({ state: 'unknown', limit: 100 });
    expect(plan.some((step) => /^(Bitmap )?Index Scan entries(_profile)?_state$/.test(step)), plan.join(', ')).toBe(true);
    expect(plan.filter((step) => step.includes('Seq Scan'))).toEqual([]);
  });

  it('a rare term (a txid, part of a foreign id, a customer reference) is found through the pg_trgm index', async () => {
    for (const text of [TXID.slice(0, 40).toUpperCase(), 'INV-00012345'.slice(-7), 'CUST-02718']) {
      expect(await steps({ text, limit: 50 }), text).toContain('Bitmap Index Scan entries_text');
    }
    expect(await found({ text: TXID.toUpperCase() })).toEqual(['INV-00000001']);
  });

  it('a long term has the index read a pattern it implies, with fewer and rarer trigrams, and the term itself tested on what that finds', async () => {
    const indexConds = async (query: JournalSearch): Promise<string[]> => {
      const { where, params, page } = searchSql('postgres', 'shop', query);
      const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (FORMAT TEXT) SELECT ${ENTRY_COLUMNS} FROM entries WHERE ${where} ${page}`, params);
      return rows.map((row) => row['QUERY PLAN']).filter((line) => line.includes('Index Cond'));
    };
    // A txid: six tiles of its 62 trigrams; a customer reference: its number alone, not 'CUST' nor the words' edges.
    const txid = await indexConds({ text: TXID, limit: 50 });
    expect(txid.join('\n')).toContain("'%c4c%238%6f7%728%6f0%862%'");
    expect(txid.join('\n')).not.toContain(TXID);
    expect((await indexConds({ text: 'CUST-02718', limit: 50 })).join('\n')).toContain("'%02718%'");
    expect(await steps({ text: TXID, limit: 50 })).toContain('Bitmap Index Scan entries_text');
    expect(await found({ text: TXID })).toEqual(['INV-00000001']);
    // What the pattern also matches is no answer: the customer's entries only, newest first, as before.
    const customer = await found({ text: 'cust-02718' });
    expect(customer.length).toBe(10);
    expect(customer).toEqual(customer.toSorted().reverse());
    expect((await pool.query<{ n: string }>("SELECT count(*) AS n FROM entries WHERE profile_id = 'shop' AND end_user_reference = 'CUST-02718'")).rows[0]?.n).toBe('10');
  });

  it('a common phrase is still walked newest first: the tested term is not counted twice in the estimate', async () => {
    const plan = await steps({ text: 'walnut desk', limit: 50 });
    expect(plan).toContain('Index Scan entries_profile_created');
    expect(plan.filter((step) => /Seq Scan|Sort|Bitmap/.test(step))).toEqual([]);
  });

  it('finds a term inside one column only: never across two, and a term holding the separator is tested column by column', async () => {
    await pool.query(`INSERT INTO entries (profile_id, profile_name, operation, state, foreign_id, title, request, created_at, updated_at, entry_uid)
      VALUES ('shop', 'Shop', 'invoices.create', 'succeeded', 'zq-abc', 'defzq', '{}', now(), now(), 'straddle')`);
    expect(await found({ text: 'zq-abc' })).toEqual(['zq-abc']);
    expect(await found({ text: 'abcdef' })).toEqual([]);
    expect(await found({ text: 'abc\x1fdef' })).toEqual([]);
  });

  it("a deep page, as the team journal asks for it: the skipped entries' ids from the index alone, then the page's entries, the same as read whole", async () => {
    // What autovacuum does soon after a load: the visibility map an index-only scan relies on.
    await pool.query('VACUUM entries');
    for (const query of [{ limit: 50, offset: 5_000 }, { state: 'succeeded', limit: 50, offset: 2_000 }, { text: 'walnut', limit: 20, offset: 100 }] satisfies JournalSearch[]) {
      const { sql, params } = teamSearchSql('shop', query, 'entries.id');
      if (!query.text) {
        const plan = await planOf(sql, params);
        expect(plan.some((step) => /^Index Only Scan entries_profile_(created|state)$/.test(step)), plan.join(', ')).toBe(true);
        expect(plan.filter((step) => step.includes('Seq Scan'))).toEqual([]);
      }
      const paged = (await pool.query<{ id: string }>(sql, params)).rows.map((row) => row.id);
      const { where, params: plain, page } = searchSql('postgres', 'shop', query);
      const whole = (await pool.query<{ id: string }>(`SELECT id FROM entries WHERE ${where} ${page}`, plain)).rows.map((row) => row.id);
      expect(paged).toEqual(whole);
      expect(paged).toHaveLength(query.limit);
    }
  });
});
