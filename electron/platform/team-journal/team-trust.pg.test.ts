import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Invoice } from '../../../shared/api/index.ts';
import type { Envelope } from '../../../shared/ipc/errors.ts';
import type { JournalEntry } from '../../../shared/ipc/journal.ts';
import { foreignIdReusable } from '../../../shared/submission/outcome.ts';
import { startSandbox } from '../../sandbox/index.ts';
import type { SandboxHandle } from '../../sandbox/index.ts';
import { openTeamJournal } from '../journal/postgres/team-journal.ts';
import type { EarlierTry } from '../journal/store.ts';
import { rewriteAsOwner } from '../journal/testing/owner-rewrite.ts';
import { asServerAdmin, createRowUser } from '../journal/testing/row-user.ts';
import type { RowUser } from '../journal/testing/row-user.ts';
import { createTeamDatabase } from '../journal/testing/team-database.ts';
import type { TeamDatabase } from '../journal/testing/team-database.ts';
import type { PostgresAddress } from '../journal/testing/postgres-server.ts';
import { openTeamPool } from '../team-access/index.ts';
import { startCountingRelay } from '../../app/testing/counting-relay.ts';
import type { CountingRelay } from '../../app/testing/counting-relay.ts';
import { sampleInvoiceRequest } from '../../app/testing/invoice-request.ts';
import { teamProfileKey } from './team-profile-key.ts';
import { openDesktop, teamSettingsOf } from './testing/team-desktops.ts';
import type { Desktop } from './testing/team-desktops.ts';
import { newForeignId } from '../../../shared/submission/foreign-id.ts';

/**
 * A team member turned against the others, with only what the README grants a person: their own
 * login, with SELECT, INSERT and UPDATE on the journal's rows (docs/security.md). Each attack below
 * was run against the console before the journal's own rules and its schema check, and worked;
 * here each is refused by the database or by the desktops, against the run's real PostgreSQL.
 */

const MERCHANT = { key: `trust-key-${randomBytes(6).toString('hex')}`, secret: randomBytes(24).toString('hex') };

let address: PostgresAddress;
let sandbox: SandboxHandle;
let relay: CountingRelay;
let team: TeamDatabase;
let ana: RowUser;
let ben: RowUser;
let anasDesktop: Desktop;
const databases: TeamDatabase[] = [];
const users: RowUser[] = [];
const desktops: Desktop[] = [];
const pools: pg.Pool[] = [];

const author = (name: string, desktopId: string) => ({ author: () => ({ name, computer: 'FINANCE-01', desktopId }) });

const asAdmin = (database: string, statements: string[]) => asServerAdmin(address, database, statements);

async function database(label: string): Promise<TeamDatabase> {
  const made = await createTeamDatabase(address, label);
  databases.push(made);
  return made;
}

async function member(on: TeamDatabase): Promise<RowUser> {
  const made = await createRowUser(address, on);
  users.push(made);
  await made.grantRows();
  return made;
}

/** A pool on a team database as its owner, ended after the tests (a member's pools end with the member). */
const pool = (make: () => pg.Pool): pg.Pool => {
  const made = make();
  pools.push(made);
  return made;
};

beforeAll(async () => {
  const shared = inject('postgres');
  if ('unavailable' in shared) throw new Error(`The tests' PostgreSQL server could not start: ${shared.unavailable}`);
  address = shared.address;
  sandbox = await startSandbox({ merchants: [MERCHANT], seed: 19, rateLimit: false });
  relay = await startCountingRelay(sandbox.baseUrl);
  team = await database('team-trust');
  // The owner makes the journal once; the people then work through logins of their own.
  await openTeamJournal(pool(() => team.pool()), author('Owner', 'owner-desktop'));
  ana = await member(team);
  ben = await member(team);
  anasDesktop = await openDesktop({ person: 'Ana Ruiz', baseUrl: relay.baseUrl, merchant: MERCHANT, team, login: ana });
  desktops.push(anasDesktop);
});
afterAll(async () => {
  for (const desktop of desktops) await desktop.close();
  for (const each of pools) await each.end();
  for (const user of users) await user.drop();
  await relay?.close();
  await sandbox?.close();
  for (const each of databases) await each.drop();
});

/** The key Ana's profile files its entries under in the team journal. */
const teamKey = () => teamProfileKey(new URL(relay.baseUrl).origin, MERCHANT.key);
const refusal = (answer: Envelope<unknown>) => (answer.ok ? null : answer.error);

async function anasInvoice(): Promise<{ foreignId: string; entry: JournalEntry }> {
  const request = sampleInvoiceRequest();
  const { journalId } = await anasDesktop.value<{ invoice: Invoice; journalId: number }>('invoices.create', request);
  const { entry } = await anasDesktop.value<{ entry: JournalEntry }>('journal.get', { id: journalId });
  return { foreignId: request.foreign_id, entry };
}

describe("a member's code never runs as another desktop's login", () => {
  it('a journal whose schema every role may create objects in is refused, before the planted function can run, saying what to revoke', async () => {
    const open = await database('public-create');
    const owner = pool(() => open.pool());
    await openTeamJournal(owner, author('Owner', 'owner-desktop'));
    const mallory = await member(open);
    // As before PostgreSQL 15, or where an administrator kept the grant.
    await asAdmin(open.database, ['GRANT CREATE ON SCHEMA public TO PUBLIC']);
    const theirs = mallory.pool();
    // The red team's function: a better match than pg_catalog's hashtextextended(text, bigint) for
    // an unqualified call with an integer literal. Run as the owner, it would drop the claim index.
    await theirs.query(`CREATE FUNCTION public.hashtextextended(text, integer) RETURNS bigint LANGUAGE plpgsql AS $$
      BEGIN EXECUTE 'DROP INDEX IF EXISTS entries_foreign_id_claim'; RETURN 0; END $$`);

    await expect(openTeamJournal(pool(() => open.pool()), author('Owner', 'owner-desktop'))).rejects.toMatchObject({
      error: { kind: 'configuration', message: expect.stringMatching(/is not safe to use: PUBLIC may create objects in its schema public; objects there belong to other roles than the journal's owner \(function hashtextextended\(text, integer\) of desk_[0-9a-f]+\)/) },
    });

    // Revoking CREATE is not enough while the planted function is still there.
    await asAdmin(open.database, ['REVOKE CREATE ON SCHEMA public FROM PUBLIC']);
    await expect(openTeamJournal(pool(() => open.pool()), author('Owner', 'owner-desktop'))).rejects.toMatchObject({
      error: { kind: 'configuration', message: expect.stringContaining(`function hashtextextended(text, integer) of ${mallory.user}`) },
    });
    expect((await owner.query("SELECT count(*)::int AS n FROM pg_indexes WHERE indexname = 'entries_foreign_id_claim'")).rows).toEqual([{ n: 1 }]);

    await asAdmin(open.database, ['DROP FUNCTION public.hashtextextended(text, integer)']);
    const journal = await openTeamJournal(pool(() => open.pool()), author('Owner', 'owner-desktop'));
    expect(journal.schema.readOnly).toBe(false);
  });

  it('the words of the refusal name the statement an administrator runs', async () => {
    const open = await database('public-create-words');
    await openTeamJournal(pool(() => open.pool()), author('Owner', 'owner-desktop'));
    await asAdmin(open.database, ['GRANT CREATE ON SCHEMA public TO PUBLIC']);
    const desktop = await openDesktop({ person: 'Ana Ruiz', baseUrl: relay.baseUrl, merchant: MERCHANT, team: null });
    desktops.push(desktop);
    const settings = teamSettingsOf(open);
    expect(await desktop.value('profiles.testTeamJournal', { teamJournal: settings, teamJournalPassword: open.password })).toMatchObject({
      ok: false,
      message: expect.stringContaining('Ask the database\'s administrator to run, as the owner or a superuser: REVOKE CREATE ON SCHEMA "public" FROM PUBLIC. Then connect again.'),
    });
  });

  it("the desktops call pg_catalog's functions by their full names: a look-alike the owner's own schema holds is never run", async () => {
    const open = await database('look-alike');
    const owner = pool(() => open.pool());
    const journal = await openTeamJournal(owner, author('Owner', 'owner-desktop'));
    // Owned by the owner, so the schema check lets it be: only the qualified, typed call keeps it out.
    await owner.query(`CREATE FUNCTION public.hashtextextended(text, integer) RETURNS bigint LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'the look-alike ran'; END $$`);
    const id = await journal.begin({ profileId: 'shop', profileName: 'Shop', operation: 'invoices.create', foreignId: 'inv-look-alike', request: {} }, () => {});
    expect(id).toBeGreaterThan(0);
  });

  it('every team journal connection has its search path pinned, whatever its login set for itself', async () => {
    const theirs = ben.pool();
    await theirs.query('ALTER ROLE CURRENT_USER SET search_path = pg_temp, public');
    const desks = openTeamPool({ ...teamSettingsOf(team, ben) }, ben.password, () => {});
    pools.push(desks);
    expect((await desks.query('SHOW search_path')).rows).toEqual([{ search_path: 'public,pg_temp' }]);
  });
});

describe('who did what is recorded by the database, not claimed by a desktop', () => {
  it("a row a member writes carries the member's own login, whatever name and login the row claims", async () => {
    const theirs = ben.pool();
    const { rows } = await theirs.query<{ id: string }>(
      `INSERT INTO entries (profile_id, profile_name, operation, state, request, response, created_at, updated_at, made_by, made_on, made_login, entry_uid)
       VALUES ($1, 'Ana’s shop', 'transactions.lookup', 'succeeded', '{}', '{"status":"confirmed"}', now(), now(), 'Ana Ruiz', 'ANA-LAPTOP', $2, $3) RETURNING id`,
      [teamKey(), ana.user, randomBytes(8).toString('hex')],
    );
    const { entry } = await anasDesktop.value<{ entry: JournalEntry }>('journal.get', { id: Number(rows[0]?.id) });
    expect(entry).toMatchObject({ madeBy: 'Ana Ruiz', madeLogin: ben.user });
  });

  it("a member cannot rewrite another person's entry: who made it, what was asked or answered, its sent mark; nor delete it", async () => {
    const { entry } = await anasInvoice();
    expect(entry.madeLogin).toBe(ana.user);
    const theirs = ben.pool();
    const refused = { code: '42501', message: expect.stringMatching(/^Journal entry \d+/) };
    await expect(theirs.query("UPDATE entries SET made_by = 'Ben Okafor' WHERE id = $1", [entry.id])).rejects.toMatchObject(refused);
    await expect(theirs.query('UPDATE entries SET made_login = $2 WHERE id = $1', [entry.id, ben.user])).rejects.toMatchObject(refused);
    await expect(theirs.query('UPDATE entries SET sent_at = NULL WHERE id = $1', [entry.id])).rejects.toMatchObject(refused);
    await expect(theirs.query("UPDATE entries SET response = '{}' WHERE id = $1", [entry.id])).rejects.toMatchObject(refused);
    await expect(theirs.query("UPDATE entries SET state = 'failed', resolved_by = 'Ben Okafor', resolved_on = 'x', resolved_at = now() WHERE id = $1", [entry.id])).rejects.toMatchObject(refused);
    // Even with DELETE granted by mistake, no entry is ever deleted.
    await asAdmin(team.database, [`GRANT DELETE ON entries TO ${ben.user}`]);
    await expect(theirs.query('DELETE FROM entries WHERE id = $1', [entry.id])).rejects.toMatchObject(refused);
    await asAdmin(team.database, [`REVOKE DELETE ON entries FROM ${ben.user}`]);
    const { entry: after } = await anasDesktop.value<{ entry: JournalEntry }>('journal.get', { id: entry.id });
    expect(after).toEqual(entry);
  });

  it("a member's resolution of a sent submission keeps its sent mark, names the member's login, and frees nothing: the foreign id is never sent again", async () => {
    const anas = await openTeamJournal(ana.pool(), author('Ana Ruiz', 'ana-desktop-2'));
    const input = { profileId: 'shop', profileName: 'Shop', operation: 'exchange.place' as const, foreignId: newForeignId('exch'), request: {} };
    const id = await anas.begin(input, () => {});
    await anas.markSent(id);
    const theirs = ben.pool();
    // The proof's fake resolution cleared the sent mark: refused.
    await expect(
      theirs.query("UPDATE entries SET state = 'failed', sent_at = NULL, resolved_by = 'Ben Okafor', resolved_on = 'x', resolved_at = now() WHERE id = $1", [id]),
    ).rejects.toMatchObject({ code: '42501' });
    // Nor may another login settle it as if it were its own desktop.
    await expect(theirs.query("UPDATE entries SET state = 'failed', http_status = 400 WHERE id = $1", [id])).rejects.toMatchObject({ code: '42501' });
    // A resolution as a person may record one: allowed, stamped with the member's own login, sent mark kept.
    await theirs.query("UPDATE entries SET state = 'failed', message = 'gone', resolved_by = 'Ana Ruiz', resolved_on = 'x', resolved_at = now(), resolved_login = $2 WHERE id = $1", [id, ana.user]);
    const resolved = await anas.get(id);
    expect(resolved).toMatchObject({ state: 'failed', resolvedBy: 'Ana Ruiz', resolvedLogin: ben.user });
    expect(resolved?.sentAt).not.toBeNull();
    const tries: EarlierTry[] = [];
    await expect(
      anas.begin(input, (earlier) => {
        tries.push(...earlier);
        if (!foreignIdReusable(earlier)) throw new Error('sent before');
      }),
    ).rejects.toThrow('sent before');
    expect(tries.map((t) => t.id)).toEqual([id]);
  });
});

describe("a desktop's own sent marks: the team's rows alone never free a foreign id it sent", () => {
  it('the owner rewrites a sent invoice as never sent: the desktop that sent it refuses to send it again, and nothing reaches the service', async () => {
    const { foreignId, entry } = await anasInvoice();
    expect(relay.sends(foreignId)).toBe(1);
    // What only the owner can do (its rules set aside): the invoice now reads as a try that never left.
    await rewriteAsOwner(pool(() => team.pool()), "UPDATE entries SET state = 'failed', sent_at = NULL, http_status = NULL, response = NULL WHERE id = $1", [entry.id]);

    const again = sampleInvoiceRequest();
    const answer = await anasDesktop.call('invoices.create', { ...again, foreign_id: foreignId });
    expect(refusal(answer)).toMatchObject({
      kind: 'already_sent',
      foreignId,
      message: expect.stringContaining(`This desktop sent foreign id ${foreignId} at `),
    });
    expect(refusal(answer)?.message).toContain(`(team journal entry #${entry.id}), but the team journal now shows it as never sent`);
    expect(relay.sends(foreignId)).toBe(1);
  });

  it('a try the owner deleted from the team journal is still this desktop’s: refused, said so', async () => {
    const { foreignId, entry } = await anasInvoice();
    await rewriteAsOwner(pool(() => team.pool()), 'DELETE FROM entries WHERE id = $1', [entry.id]);
    const answer = await anasDesktop.call('invoices.create', { ...sampleInvoiceRequest(), foreign_id: foreignId });
    expect(refusal(answer)).toMatchObject({ kind: 'already_sent', message: expect.stringContaining('but the team journal now no longer holds it') });
    expect(relay.sends(foreignId)).toBe(1);
  });
});
