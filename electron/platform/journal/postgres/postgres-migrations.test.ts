import { readFileSync } from 'node:fs';
import type pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { JOURNAL_MIGRATIONS, LATEST_JOURNAL_VERSION } from '../schema/journal-schema.ts';
import { indexOn, tablesAt } from '../schema/schema-model.ts';
import type { Migration } from '../schema/schema-model.ts';
import { teamDatabaseForTest } from '../testing/team-database.ts';
import type { TeamDatabase } from '../testing/team-database.ts';
import { createRowUser } from '../testing/row-user.ts';
import type { RowUser } from '../testing/row-user.ts';
import { INTERRUPTED_MESSAGE, STOPPED_UNSENT_MESSAGE } from '../entry-row.ts';
import { migratePostgresJournal, rowGrants } from './postgres-migrations.ts';
import { openTeamJournal } from './team-journal.ts';

/** The team journal's schema on a real server: as described, migrated once by many desktops, read-only when newer. */

const opened: Array<{ team: TeamDatabase; pools: pg.Pool[] }> = [];
const rowUsers: RowUser[] = [];
afterAll(async () => {
  for (const user of rowUsers) await user.drop();
  for (const { team, pools } of opened) {
    await Promise.all(pools.map((pool) => pool.end()));
    await team.drop();
  }
});

async function freshDatabase(label: string) {
  const team = await teamDatabaseForTest(label);
  const pools: pg.Pool[] = [];
  opened.push({ team, pools });
  const pool = () => {
    const made = team.pool();
    pools.push(made);
    return made;
  };
  /** A desktop's user that may read and write the journal's rows once granted, and never change its schema. */
  const rowUser = async () => {
    const shared = inject('postgres');
    if ('unavailable' in shared) throw new Error(shared.unavailable);
    const user = await createRowUser(shared.address, team);
    rowUsers.push(user);
    return user;
  };
  return { pool, rowUser };
}

const author = (desktopId: string) => ({ author: () => ({ name: 'Ana Ruiz', computer: 'FINANCE-01', desktopId }) });
const PG_TYPES = { id: 'bigint', text: 'text', integer: 'integer', timestamp: 'timestamp with time zone' };

describe("the team journal's schema", () => {
  it('is what the description says: every column with its type, every index PostgreSQL has', async () => {
    const { pool } = await freshDatabase('schema-shape');
    const db = pool();
    expect((await openTeamJournal(db, author('a'))).schema).toEqual({ found: LATEST_JOURNAL_VERSION, known: LATEST_JOURNAL_VERSION, readOnly: false });
    const { rows: columns } = await db.query<{ column_name: string; data_type: string; is_nullable: string }>(
      "SELECT column_name, data_type, is_nullable FROM information_schema.columns WHERE table_name = 'entries' ORDER BY ordinal_position",
    );
    const described = tablesAt(JOURNAL_MIGRATIONS, LATEST_JOURNAL_VERSION).get('entries');
    expect(columns).toEqual(described?.columns.map((c) => ({ column_name: c.name, data_type: PG_TYPES[c.type], is_nullable: c.nullable && c.type !== 'id' ? 'YES' : 'NO' })));
    const { rows: indexes } = await db.query<{ indexname: string; indexdef: string }>("SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'entries'");
    const names = indexes.map((i) => i.indexname).filter((name) => name !== 'entries_pkey').sort();
    const describedNames = [...(described?.indexes.filter((i) => indexOn(i, 'postgres')).map((i) => i.name) ?? []), ...(described?.textIndexes.map((i) => i.name) ?? [])];
    expect(names).toEqual(describedNames.sort());
    expect(indexes.find((i) => i.indexname === 'entries_foreign_id_claim')?.indexdef).toMatch(/UNIQUE INDEX .* \(profile_id, foreign_id\) WHERE \(\(foreign_id IS NOT NULL\) AND/);
    // The text index: pg_trgm's GIN over the text columns joined, made by the database's owner.
    expect(indexes.find((i) => i.indexname === 'entries_text')?.indexdef).toMatch(/USING gin \(\(+COALESCE\(foreign_id, ''::text\).*COALESCE\(address, ''::text\)\)+ gin_trgm_ops\)/);
  });

  it('is migrated once when several desktops open a new database at the same moment', async () => {
    const { pool } = await freshDatabase('schema-race');
    const journals = await Promise.all(['a', 'b', 'c', 'd'].map((id) => openTeamJournal(pool(), author(id))));
    expect(journals.map((j) => j.schema.found)).toEqual([LATEST_JOURNAL_VERSION, LATEST_JOURNAL_VERSION, LATEST_JOURNAL_VERSION, LATEST_JOURNAL_VERSION]);
    const { rows } = await pool().query('SELECT version FROM journal_schema');
    expect(rows).toEqual([{ version: LATEST_JOURNAL_VERSION }]);
  });

  it('moves a database of an older version up, one version at a time, keeping its entries', async () => {
    const { pool } = await freshDatabase('schema-steps');
    const db = pool();
    expect(await migratePostgresJournal(db, 5)).toEqual({ found: 5, known: 5, readOnly: false });
    await db.query(`INSERT INTO entries (profile_id, profile_name, operation, state, request, created_at, updated_at)
      VALUES ('shop', 'Shop', 'transactions.lookup', 'succeeded', '{}', now(), now())`);
    const journal = await openTeamJournal(db, author('a'));
    expect(journal.schema.found).toBe(LATEST_JOURNAL_VERSION);
    expect((await journal.search('shop')).entries).toMatchObject([{ operation: 'transactions.lookup', madeBy: null }]);
  });

  it('keeps a message\'s words from version 11: an older entry reads as its English, the words are bounded as the message is and change only as it may', async () => {
    const { pool, rowUser } = await freshDatabase('schema-message-wording');
    const owner = pool();
    expect(await migratePostgresJournal(owner, 10)).toEqual({ found: 10, known: 10, readOnly: false });
    await owner.query(`INSERT INTO entries (profile_id, profile_name, operation, state, foreign_id, request, message, created_at, updated_at, entry_uid)
      VALUES ('shop', 'Shop', 'invoices.create', 'failed', 'inv-old', '{}', $1, now(), now(), 'old')`, [STOPPED_UNSENT_MESSAGE]);
    await migratePostgresJournal(owner);
    const desk = await rowUser();
    await desk.grantRows();
    const journal = await openTeamJournal(desk.pool(), author('desk'));
    expect((await journal.search('shop')).entries).toMatchObject([{ foreignId: 'inv-old', message: STOPPED_UNSENT_MESSAGE, messageWording: null }]);

    // A try this desktop settles keeps its words; the restart's too; and a person's resolution replaces them, as it does the message.
    const id = await journal.begin({ profileId: 'shop', profileName: 'Shop', operation: 'invoices.create', foreignId: 'inv-new', request: {} });
    await journal.markSent(id);
    const [recovered] = await journal.recoverInterrupted();
    expect(recovered).toMatchObject({ id, state: 'unknown', message: INTERRUPTED_MESSAGE, messageWording: { id: 'main.platform.journal.recovered.interrupted' } });
    const other = await openTeamJournal(pool(), author('other'));
    expect(await other.resolve(id, 'failed', 'Not there.')).toMatchObject({ messageWording: { id: 'main.platform.journal.resolvedByHand', values: { note: 'Not there.' } } });

    const member = desk.pool();
    // Settled: its words change no more than its message does.
    await expect(member.query("UPDATE entries SET message_wording = '{\"id\":\"main.platform.journal.someone\"}' WHERE id = $1", [id])).rejects.toMatchObject({ code: '42501' });
    // Bounded as the message is: one member's row cannot hold a gigabyte every desktop reads.
    const huge = JSON.stringify({ id: 'main.platform.journal.resolvedByHand', values: { note: 'x'.repeat(16 * 1024) } });
    await expect(member.query(`INSERT INTO entries (profile_id, profile_name, operation, state, request, created_at, updated_at, entry_uid, message_wording)
      VALUES ('shop', 'Shop', 'transactions.lookup', 'failed', '{}', now(), now(), 'huge', $1)`, [huge])).rejects.toMatchObject({ code: '23514', constraint: 'entries_message_wording_bounded' });
  });

  it('leaves a database as it was when a migration fails', async () => {
    const { pool } = await freshDatabase('schema-broken');
    const db = pool();
    const broken: Migration[] = [
      ...JOURNAL_MIGRATIONS.slice(0, 1),
      { version: 2, why: 'test', changes: [{ kind: 'add-column', table: 'entries', column: { name: 'half', type: 'text', nullable: true } }, { kind: 'rows', sql: { postgres: 'SELECT no_such_function()' } }] },
    ];
    await migratePostgresJournal(db, 1);
    await expect(migratePostgresJournal(db, 2, broken)).rejects.toMatchObject({ code: '42883' });
    expect((await db.query('SELECT version FROM journal_schema')).rows).toEqual([{ version: 1 }]);
    expect((await db.query("SELECT 1 FROM information_schema.columns WHERE table_name = 'entries' AND column_name = 'half'")).rowCount).toBe(0);
  });

  it('is read, never written, by a desktop that meets a newer version, and says so', async () => {
    const { pool } = await freshDatabase('schema-newer');
    const db = pool();
    const current = await openTeamJournal(db, author('a'));
    const id = await current.begin({ profileId: 'shop', profileName: 'Shop', operation: 'invoices.create', foreignId: 'inv-1', request: {} });
    await current.markSent(id);
    await current.finish(id, { state: 'unknown' });
    // A newer console migrated it: a column this one does not know, and a higher version.
    await db.query('ALTER TABLE entries ADD COLUMN approved_by text; UPDATE journal_schema SET version = version + 1');

    const older = await openTeamJournal(pool(), author('b'));
    expect(older.schema).toEqual({ found: LATEST_JOURNAL_VERSION + 1, known: LATEST_JOURNAL_VERSION, readOnly: true });
    expect((await older.search('shop')).entries).toMatchObject([{ id, foreignId: 'inv-1' }]);
    expect((await older.search('shop', { state: 'unknown' })).entries).toHaveLength(1);
    const refusal = {
      error: { kind: 'journal_unavailable', message: expect.stringMatching(new RegExp(`upgraded by a newer version of Merchant Console \\(schema ${LATEST_JOURNAL_VERSION + 1}; this console knows ${LATEST_JOURNAL_VERSION}\\)\\. It is open read-only`)) },
    };
    await expect(older.begin({ profileId: 'shop', profileName: 'Shop', operation: 'invoices.create', foreignId: 'inv-2', request: {} })).rejects.toMatchObject(refusal);
    await expect(older.resolve(id, 'failed', 'no')).rejects.toMatchObject(refusal);
    await expect(older.markSent(id)).rejects.toMatchObject(refusal);
    expect(await older.recoverInterrupted()).toEqual([]);
    expect((await db.query('SELECT version FROM journal_schema')).rows).toEqual([{ version: LATEST_JOURNAL_VERSION + 1 }]);
    expect((await older.get(id))?.state).toBe('unknown');
  });

  it('is opened, read and written by a user with rights to its rows only, once its owner made it at this version: nothing of the schema is touched', async () => {
    const { pool, rowUser } = await freshDatabase('schema-row-user');
    const owner = pool();
    await migratePostgresJournal(owner);
    const desk = await rowUser();
    await desk.grantRows();
    const schemaBefore = await owner.query("SELECT count(*)::int AS n FROM pg_class WHERE relnamespace = 'public'::regnamespace");

    const journal = await openTeamJournal(desk.pool(), author('desk'));
    expect(journal.schema).toEqual({ found: LATEST_JOURNAL_VERSION, known: LATEST_JOURNAL_VERSION, readOnly: false });
    const id = await journal.begin({ profileId: 'shop', profileName: 'Shop', operation: 'invoices.create', foreignId: 'inv-row', request: {} });
    await journal.markSent(id);
    await journal.finish(id, { state: 'unknown' });
    await journal.resolve(id, 'succeeded', 'Seen in the back office.');
    await journal.record({ profileId: 'shop', profileName: 'Shop', operation: 'transactions.lookup', foreignId: '164', request: {} }, { state: 'succeeded' });
    expect(((await journal.search('shop')).entries).map((entry) => [entry.operation, entry.state, entry.madeBy])).toEqual([
      ['transactions.lookup', 'succeeded', 'Ana Ruiz'],
      ['invoices.create', 'succeeded', 'Ana Ruiz'],
    ]);
    // Opened again (another start of the app): still nothing to do but read the version.
    expect((await openTeamJournal(desk.pool(), author('desk'))).schema.readOnly).toBe(false);
    expect((await owner.query("SELECT count(*)::int AS n FROM pg_class WHERE relnamespace = 'public'::regnamespace")).rows).toEqual(schemaBefore.rows);
  });

  it('grants a user that is not the owner the rights the README tells an administrator to grant', () => {
    const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
    expect(readme).toContain(['```sql', ...rowGrants('ben').map((grant) => `${grant};`), '```'].join('\n'));
  });

  it('is refused, saying whom to ask, to a user with rights to its rows only when it must be made or upgraded first; nothing is changed', async () => {
    const { pool, rowUser } = await freshDatabase('schema-row-upgrade');
    const desk = await rowUser();
    const where = (db: pg.Pool) => `${db.options.host ?? ''}:${db.options.port ?? ''}/${db.options.database ?? ''}`;
    const noTables = desk.pool();
    await expect(openTeamJournal(noTables, author('desk'))).rejects.toMatchObject({
      error: {
        kind: 'configuration',
        message:
          `The team journal at ${where(noTables)} has no journal tables yet, and this user (${desk.user}) may not make them: ` +
          "ask the database's owner to connect once with this version of Merchant Console, which makes them.",
      },
    });

    const owner = pool();
    await migratePostgresJournal(owner, LATEST_JOURNAL_VERSION - 1);
    // The rights on the tables of that version, which has every table this version has.
    await desk.grantRows();
    const older = desk.pool();
    await expect(openTeamJournal(older, author('desk'))).rejects.toMatchObject({
      error: {
        kind: 'configuration',
        message:
          `The team journal at ${where(older)} is at schema version ${LATEST_JOURNAL_VERSION - 1} and this console needs version ${LATEST_JOURNAL_VERSION}, ` +
          `an upgrade this user (${desk.user}) may not make: ask the database's owner to connect once with this version of Merchant Console, which upgrades it.`,
      },
    });
    expect((await owner.query('SELECT version FROM journal_schema')).rows).toEqual([{ version: LATEST_JOURNAL_VERSION - 1 }]);
    expect((await owner.query("SELECT 1 FROM information_schema.columns WHERE table_name = 'entries' AND column_name = 'message_wording'")).rowCount).toBe(0);

    // The owner connects once with this version: the user with row rights opens it from then on.
    await openTeamJournal(owner, author('owner'));
    expect((await openTeamJournal(desk.pool(), author('desk'))).schema).toMatchObject({ found: LATEST_JOURNAL_VERSION, readOnly: false });
  });
});
