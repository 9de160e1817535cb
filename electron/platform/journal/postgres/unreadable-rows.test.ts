import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { inEnglish } from '../../../../shared/i18n/testing/in-english.ts';
import type { SharedPostgres } from '../testing/postgres-global-setup.ts';
import { createRowUser } from '../testing/row-user.ts';
import type { RowUser } from '../testing/row-user.ts';
import { teamDatabaseForTest } from '../testing/team-database.ts';
import type { TeamDatabase } from '../testing/team-database.ts';
import { openTeamJournal } from './team-journal.ts';
import type { TeamJournal } from './team-journal.ts';

/**
 * A team journal's rows are written by others: a member's login, with the rights the README gives it
 * (SELECT, INSERT, UPDATE on entries), can write any row its grants allow. One row the app cannot read
 * must not take History, the banner or the CSV down on every desktop: it is set aside and named by id.
 * One row of megabytes must not be copied by every list: lists read neither request nor response,
 * and an entry by id gets them cut by the database.
 */

let team: TeamDatabase;
let member: RowUser;
let memberPool: pg.Pool;
let ownerPool: pg.Pool;
let journal: TeamJournal;
/** What the app's pool received from the database, in characters of the rows' values. */
let received = 0;
const ids: Record<string, number> = {};
const HUGE = 20 * 1024 * 1024;
const byNumber = (a: number | undefined, b: number | undefined) => (a ?? 0) - (b ?? 0);

const counting = (pool: pg.Pool): pg.Pool =>
  new Proxy(pool, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (key !== 'query') return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      return async (...args: unknown[]) => {
        const result = (await (target.query as (...a: unknown[]) => Promise<pg.QueryResult>)(...args)) as pg.QueryResult<Record<string, unknown>>;
        for (const row of result.rows ?? []) for (const cell of Object.values(row)) received += typeof cell === 'string' ? cell.length : 8;
        return result;
      };
    },
  });

const INSERT_ROW = `INSERT INTO entries (profile_id, profile_name, operation, state, foreign_id, request, response, txids, created_at, updated_at, made_by, made_on, desktop_id, entry_uid)
  VALUES ('shop', 'Shop', $1, $2, $3, $4, $5, $6, now(), now(), 'Mallory', 'EVIL-01', 'desktop-mallory', gen_random_uuid()::text) RETURNING id`;

/**
 * A row as a member's login writes it, straight into the table. One the journal's own rules (schema
 * version 7) refuse is written as an older database holds it: by the owner, the rules set aside for
 * the one statement.
 */
async function memberRow(name: string, values: { request?: string; state?: string; operation?: string; response?: string | null; foreignId?: string; txids?: string }): Promise<void> {
  const params = [values.operation ?? 'transactions.lookup', values.state ?? 'succeeded', values.foreignId ?? null, values.request ?? '{}', values.response ?? null, values.txids ?? null];
  let rows: Array<{ id: string }>;
  try {
    rows = (await memberPool.query<{ id: string }>(INSERT_ROW, params)).rows;
  } catch {
    rows = await asOlderDatabase(INSERT_ROW, params);
  }
  ids[name] = Number(rows[0]?.id);
}

async function asOlderDatabase(sql: string, params: unknown[]): Promise<Array<{ id: string }>> {
  const client = await ownerPool.connect();
  try {
    await client.query('BEGIN');
    const { rows: checks } = await client.query<{ name: string; definition: string }>(
      "SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conrelid = 'entries'::regclass AND contype = 'c'",
    );
    for (const check of checks) await client.query(`ALTER TABLE entries DROP CONSTRAINT ${check.name}`);
    await client.query('ALTER TABLE entries DISABLE TRIGGER USER');
    const { rows } = await client.query<{ id: string }>(sql, params);
    await client.query('ALTER TABLE entries ENABLE TRIGGER USER');
    for (const check of checks) await client.query(`ALTER TABLE entries ADD CONSTRAINT ${check.name} ${check.definition} NOT VALID`);
    await client.query('COMMIT');
    return rows;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

beforeAll(async () => {
  team = await teamDatabaseForTest('unreadable-rows');
  // The owner makes the tables; the member gets the README's rights on them.
  ownerPool = team.pool();
  journal = await openTeamJournal(counting(team.pool()), { author: () => ({ name: 'Ana Ruiz', computer: 'FINANCE-01', desktopId: 'desktop-ana' }) });
  const shared: SharedPostgres = inject('postgres');
  if ('unavailable' in shared) throw new Error(shared.unavailable);
  member = await createRowUser(shared.address, team);
  await member.grantRows();
  memberPool = member.pool();
  const good = await journal.begin({ profileId: 'shop', profileName: 'Shop', operation: 'invoices.create', foreignId: 'inv-good', request: { foreign_id: 'inv-good' } });
  await journal.markSent(good);
  await journal.finish(good, { state: 'unknown', message: 'No answer.' });
  ids.good = good;
  await memberRow('notJson', { request: '{not json', state: 'unknown', operation: 'exchange.place', foreignId: 'ex-bad' });
  await memberRow('badState', { state: 'lost', operation: 'exchange.place', foreignId: 'ex-lost' });
  // Built, so that the tree's check of `operation:` literals (journal-operations.test.ts) does not take it for a real one.
  await memberRow('badOperation', { operation: ['accounts', 'drain'].join('.') });
  await memberRow('badTxids', { state: 'unknown', operation: 'invoices.create', foreignId: 'inv-txids', txids: '[oops' });
  await memberRow('huge', { response: `{"id":1,"pad":"${'x'.repeat(HUGE)}"}` });
}, 120_000);
afterAll(async () => {
  await ownerPool?.end();
  await member?.drop();
  await team?.drop();
});

describe('a team journal holding rows this app cannot read', () => {
  it('lists the good entries and names the unreadable rows: search, attention, people', async () => {
    const page = await journal.search('shop');
    // A list reads no request: the row whose request is not JSON lists, and fails only when read whole.
    expect(page.entries.map((entry) => entry.id).sort(byNumber)).toEqual([ids.good, ids.notJson, ids.huge]);
    expect(page.unreadable.map((row) => Number(row.id)).sort(byNumber)).toEqual([ids.badState, ids.badOperation, ids.badTxids]);
    expect(page.unreadable.find((row) => row.id === String(ids.badState))).toMatchObject({ field: 'state' });
    expect(page.unreadable.find((row) => row.id === String(ids.badOperation))).toMatchObject({ field: 'operation' });
    const attention = await journal.attention('shop');
    expect(attention.entries.map((entry) => entry.id).sort(byNumber)).toEqual([ids.good, ids.notJson]);
    expect(attention.unreadable).toEqual([{ id: String(ids.badTxids), field: 'txids', problem: expect.any(String) }]);
    expect(inEnglish(attention.unreadable[0]?.problem)).toBe('is not JSON (a list of texts)');
    expect(await journal.people('shop')).toEqual(['Ana Ruiz', 'Mallory']);
  });

  it('reads an entry by id whole, and names an unreadable one in the failure', async () => {
    expect(await journal.get(ids.good as number)).toMatchObject({ id: ids.good, request: { foreign_id: 'inv-good' }, detail: 'whole' });
    await expect(journal.get(ids.notJson as number)).rejects.toMatchObject({ error: { message: expect.stringContaining(`journal entry ${ids.notJson}: request is not JSON`) } });
    await expect(journal.get(ids.badState as number)).rejects.toMatchObject({ error: { message: expect.stringContaining(`journal entry ${ids.badState}: state`) } });
    // A list reads no request: the row whose request is not JSON is a sound try.
    expect(await journal.triesOf('shop', 'exchange.place', 'ex-bad')).toMatchObject([{ id: ids.notJson, detail: 'none' }]);
    // Whether a foreign id may be sent again depends on every try: one that cannot be read refuses it.
    await expect(journal.triesOf('shop', 'exchange.place', 'ex-lost')).rejects.toMatchObject({ error: { kind: 'internal' } });
  });

  it('never copies a huge answer into a list; an entry by id gets it cut by the database', async () => {
    received = 0;
    const page = await journal.search('shop');
    expect(received).toBeLessThan(64 * 1024);
    expect(page.entries.find((entry) => entry.id === ids.huge)).toMatchObject({ request: {}, response: null, detail: 'none' });
    received = 0;
    const entry = await journal.get(ids.huge as number);
    expect(received).toBeLessThan(200 * 1024);
    expect(entry).toMatchObject({ detail: 'cut' });
    expect(entry?.response?.length).toBeLessThanOrEqual(70_000);
  });
});
