import { createHash } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newForeignId } from '../../../../shared/submission/foreign-id.ts';
import { createRowUser } from '../testing/row-user.ts';
import type { RowUser } from '../testing/row-user.ts';
import { teamDatabaseForTest } from '../testing/team-database.ts';
import type { TeamDatabase } from '../testing/team-database.ts';
import { migratePostgresJournal } from './postgres-migrations.ts';

/**
 * Four eyes on withdrawals, kept by the database itself (schema/withdrawal-rules.ts): each person
 * below is a login of their own with the rights the README grants, and writes plain SQL, as a
 * member who set the console aside could. What is refused here is refused by the database.
 */

let team: TeamDatabase;
let owner: pg.Pool;
const people: Record<'ana' | 'ben' | 'cleo' | 'dan', RowUser> = {} as never;
const db: Record<'ana' | 'ben' | 'cleo' | 'dan', pg.Pool> = {} as never;

beforeAll(async () => {
  const shared = inject('postgres');
  if ('unavailable' in shared) throw new Error(shared.unavailable);
  team = await teamDatabaseForTest('withdrawal-rules');
  owner = team.pool();
  await migratePostgresJournal(owner);
  for (const name of ['ana', 'ben', 'cleo', 'dan'] as const) {
    people[name] = await createRowUser(shared.address, team);
    await people[name].grantRows();
    db[name] = people[name].pool();
  }
});
afterAll(async () => {
  for (const person of Object.values(people)) await person.drop();
  await owner?.end();
  await team?.drop();
});

const REFUSED = { code: '42501' };
let accounts = 0;
/** A merchant account of its own per test, so one test's policy is not another's. */
const account = () => `account-${++accounts}`;

type Draft = { id: number; request: string };

async function draft(as: pg.Pool, profileId: string, amount = '0.5', currency = 'BTC', lifetimeSeconds = 3600): Promise<Draft> {
  const foreignId = newForeignId('wdr');
  const request = JSON.stringify({ foreign_id: foreignId, currency, amount, address: 'bc1qexample', sender_type: 'company', receiver_type: 'self' });
  const sha = createHash('sha256').update(request).digest('hex');
  const { rows } = await as.query<{ id: number }>(
    `INSERT INTO withdrawal_drafts (profile_id, profile_name, foreign_id, currency, amount, request, request_sha256, drafted_by, drafted_at, expires_at)
     VALUES ($1, 'Shop', $2, $3, $4, $5, $6, 'Someone else entirely', now(), statement_timestamp() + $7 * interval '1 second') RETURNING id`,
    [profileId, foreignId, currency, amount, request, sha, lifetimeSeconds],
  );
  return { id: Number(rows[0]?.id), request };
}

const decide = (as: pg.Pool, subject: 'draft' | 'policy', id: number, decision: 'approve' | 'reject', reason: string | null = null) =>
  as.query(`INSERT INTO withdrawal_decisions (subject, subject_id, decision, reason, login, decided_at) VALUES ($1, $2, $3, $4, 'someone-else', now())`, [subject, id, decision, reason]);

/**
 * What a desktop does on an approval: in one transaction, the approval, then, when nothing is
 * missing, the draft's one send claim. True when this approver claimed the send.
 */
async function approveAndClaim(as: pg.Pool, draftId: number): Promise<boolean> {
  const client = await as.connect();
  try {
    await client.query('BEGIN');
    await client.query(`INSERT INTO withdrawal_decisions (subject, subject_id, decision, decided_at) VALUES ('draft', $1, 'approve', now())`, [draftId]);
    const { rows } = await client.query<{ missing: number }>('SELECT withdrawal_approvals_missing($1) AS missing', [draftId]);
    const claims = rows[0]?.missing === 0;
    if (claims) await client.query('INSERT INTO withdrawal_sends (draft_id, claimed_at) VALUES ($1, now())', [draftId]);
    await client.query('COMMIT');
    return claims;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

async function propose(as: pg.Pool, profileId: string, policy: { needed: number; over?: [string, string, number]; approvers?: string[] }): Promise<number> {
  const { rows } = await as.query<{ id: number }>(
    `INSERT INTO withdrawal_policies (profile_id, approvals_needed, threshold_currency, threshold_amount, approvals_over, approvers, withdraw_alone, proposed_at)
     VALUES ($1, $2, $3, $4, $5, $6, 0, now()) RETURNING id`,
    [profileId, policy.needed, policy.over?.[0] ?? null, policy.over?.[1] ?? null, policy.over?.[2] ?? null, policy.approvers ? JSON.stringify(policy.approvers) : null],
  );
  return Number(rows[0]?.id);
}

const claimsOf = async (draftId: number) => (await owner.query('SELECT claimed_login FROM withdrawal_sends WHERE draft_id = $1', [draftId])).rows;

describe('a withdrawal draft under four eyes, as the database keeps it', () => {
  it("records the drafter's login, not the name the desktop claims, and the database's times", async () => {
    const { id } = await draft(db.ana, account());
    const { rows } = await owner.query('SELECT drafted_login, drafted_by, expires_at > drafted_at AS later FROM withdrawal_drafts WHERE id = $1', [id]);
    expect(rows).toEqual([{ drafted_login: people.ana.user, drafted_by: 'Someone else entirely', later: true }]);
  });

  it("refuses the drafter's own approval, whatever SQL her login writes; another login's approval sends it once", async () => {
    const { id } = await draft(db.ana, account());
    await expect(decide(db.ana, 'draft', id, 'approve')).rejects.toMatchObject({ ...REFUSED, message: expect.stringContaining('another login approves it') });
    // Nor can she take the send claim without an approval of her own.
    await expect(db.ana.query('INSERT INTO withdrawal_sends (draft_id, claimed_at) VALUES ($1, now())', [id])).rejects.toMatchObject(REFUSED);
    expect(await approveAndClaim(db.ben, id)).toBe(true);
    expect(await claimsOf(id)).toEqual([{ claimed_login: people.ben.user }]);
    // Once claimed, nothing more is decided on it: a second approver claims nothing.
    await expect(approveAndClaim(db.cleo, id)).rejects.toMatchObject({ ...REFUSED, message: expect.stringContaining('already approved and sent') });
    await expect(db.ben.query('INSERT INTO withdrawal_sends (draft_id, claimed_at) VALUES ($1, now())', [id])).rejects.toMatchObject({ code: '23505' });
    expect(await claimsOf(id)).toHaveLength(1);
  });

  it('is claimed once when two approvers approve at the same moment', async () => {
    for (let round = 0; round < 5; round++) {
      const { id } = await draft(db.ana, account());
      const both = await Promise.allSettled([approveAndClaim(db.ben, id), approveAndClaim(db.cleo, id)]);
      expect(both.filter((each) => each.status === 'fulfilled' && each.value)).toHaveLength(1);
      expect(await claimsOf(id)).toHaveLength(1);
    }
  });

  it('never changes once drafted: its request, foreign id and amount stay, for a member and for the owner alike', async () => {
    const { id, request } = await draft(db.ana, account());
    const altered = request.replace('bc1qexample', 'bc1qattacker');
    // A member has no UPDATE on drafts at all; the owner's update is refused by the rule.
    await expect(db.ana.query('UPDATE withdrawal_drafts SET request = $1 WHERE id = $2', [altered, id])).rejects.toMatchObject(REFUSED);
    await expect(owner.query('UPDATE withdrawal_drafts SET request = $1 WHERE id = $2', [altered, id])).rejects.toMatchObject({ ...REFUSED, message: expect.stringContaining('written once') });
    await expect(owner.query("UPDATE withdrawal_drafts SET amount = '5' WHERE id = $1", [id])).rejects.toMatchObject(REFUSED);
    await expect(owner.query('DELETE FROM withdrawal_drafts WHERE id = $1', [id])).rejects.toMatchObject(REFUSED);
    expect((await owner.query('SELECT request FROM withdrawal_drafts WHERE id = $1', [id])).rows).toEqual([{ request }]);
  });

  it('refuses a draft whose columns are not what its request sends, or whose hash is not its own', async () => {
    const profileId = account();
    const request = JSON.stringify({ foreign_id: 'wdr-x', currency: 'BTC', amount: '0.5' });
    const insert = (amount: string, sha: string) =>
      db.ana.query(
        `INSERT INTO withdrawal_drafts (profile_id, profile_name, foreign_id, currency, amount, request, request_sha256, drafted_at, expires_at)
         VALUES ($1, 'Shop', 'wdr-x', 'BTC', $2, $3, $4, now(), now() + interval '1 hour')`,
        [profileId, amount, request, sha],
      );
    const sha = createHash('sha256').update(request).digest('hex');
    await expect(insert('0.05', sha)).rejects.toMatchObject(REFUSED);
    await expect(insert('0.5', sha.replace(/^./, (c) => (c === '0' ? '1' : '0')))).rejects.toMatchObject(REFUSED);
    await expect(insert('0.5', sha)).resolves.toMatchObject({ rowCount: 1 });
  });

  it('keeps decisions as written: no member or owner changes or removes one', async () => {
    const { id } = await draft(db.ana, account());
    await decide(db.ben, 'draft', id, 'approve');
    await expect(db.ben.query("UPDATE withdrawal_decisions SET decision = 'reject' WHERE subject_id = $1", [id])).rejects.toMatchObject(REFUSED);
    await expect(db.ben.query('DELETE FROM withdrawal_decisions WHERE subject_id = $1', [id])).rejects.toMatchObject(REFUSED);
    await expect(owner.query("UPDATE withdrawal_decisions SET login = 'x' WHERE subject_id = $1", [id])).rejects.toMatchObject(REFUSED);
    const { rows } = await owner.query("SELECT login FROM withdrawal_decisions WHERE subject = 'draft' AND subject_id = $1", [id]);
    expect(rows).toEqual([{ login: people.ben.user }]);
  });

  it('is not approved once expired', async () => {
    const { id } = await draft(db.ana, account(), '0.5', 'BTC', 0.05);
    await owner.query('SELECT pg_sleep(0.2)');
    await expect(approveAndClaim(db.ben, id)).rejects.toMatchObject({ ...REFUSED, message: expect.stringContaining('expired') });
    expect(await claimsOf(id)).toHaveLength(0);
  });

  it('is not approved once rejected, and a rejection says why', async () => {
    const { id } = await draft(db.ana, account());
    await expect(decide(db.ben, 'draft', id, 'reject', ' ')).rejects.toMatchObject(REFUSED);
    await decide(db.ben, 'draft', id, 'reject', 'Wrong address: the customer sent a new one.');
    await expect(approveAndClaim(db.cleo, id)).rejects.toMatchObject({ ...REFUSED, message: expect.stringContaining('rejected') });
  });
});

describe("a merchant account's withdrawal policy", () => {
  it('is in force only once another login approved it', async () => {
    const profileId = account();
    const proposal = await propose(db.ana, profileId, { needed: 2, approvers: [people.ben.user, people.cleo.user, people.dan.user] });
    await expect(decide(db.ana, 'policy', proposal, 'approve')).rejects.toMatchObject({ ...REFUSED, message: expect.stringContaining('another login approves it') });
    // Not yet in force: one approval by any other login still sends.
    const before = await draft(db.ana, profileId);
    expect(await approveAndClaim(db.cleo, before.id)).toBe(true);

    await decide(db.ben, 'policy', proposal, 'approve');
    const { id } = await draft(db.ana, profileId);
    expect(await approveAndClaim(db.ben, id)).toBe(false);
    // The database, not only the desktop, counts: one approval of two takes no claim.
    await expect(db.ben.query('INSERT INTO withdrawal_sends (draft_id, claimed_at) VALUES ($1, now())', [id])).rejects.toMatchObject({ ...REFUSED, message: expect.stringContaining('lacks 1 approval') });
    expect(await approveAndClaim(db.cleo, id)).toBe(true);
    expect(await claimsOf(id)).toEqual([{ claimed_login: people.cleo.user }]);
  });

  it('lets only the logins it lists approve, and changes only with the approval of one of them', async () => {
    const profileId = account();
    await decide(db.ana, 'policy', await propose(db.ben, profileId, { needed: 1, approvers: [people.ben.user, people.cleo.user] }), 'approve');
    const { id } = await draft(db.ana, profileId);
    await expect(decide(db.dan, 'draft', id, 'approve')).rejects.toMatchObject({ ...REFUSED, message: expect.stringContaining('not among the approvers') });
    // Dan proposes to list himself; Ana (not listed) cannot approve that, Cleo (listed) can.
    const widen = await propose(db.dan, profileId, { needed: 1, approvers: [people.dan.user] });
    await expect(decide(db.ana, 'policy', widen, 'approve')).rejects.toMatchObject({ ...REFUSED, message: expect.stringContaining('not among the approvers') });
    await decide(db.cleo, 'policy', widen, 'approve');
    expect(await approveAndClaim(db.dan, id)).toBe(true);
  });

  it('asks more approvals over its threshold, in the currency it names', async () => {
    const profileId = account();
    await decide(db.ben, 'policy', await propose(db.ana, profileId, { needed: 1, over: ['BTC', '1', 2] }), 'approve');
    const small = await draft(db.ana, profileId, '1');
    const large = await draft(db.ana, profileId, '1.00000001');
    const otherCurrency = await draft(db.ana, profileId, '500', 'LTC');
    expect(await approveAndClaim(db.ben, small.id)).toBe(true);
    expect(await approveAndClaim(db.ben, large.id)).toBe(false);
    expect(await approveAndClaim(db.ben, otherCurrency.id)).toBe(true);
    expect(await approveAndClaim(db.cleo, large.id)).toBe(true);
  });

  it('refuses withdrawing alone, and a policy that could never be met', async () => {
    const profileId = account();
    await expect(
      db.ana.query("INSERT INTO withdrawal_policies (profile_id, approvals_needed, withdraw_alone, proposed_at) VALUES ($1, 1, 1, now())", [profileId]),
    ).rejects.toMatchObject({ ...REFUSED, message: expect.stringContaining('nobody withdraws alone') });
    await expect(propose(db.ana, profileId, { needed: 0 })).rejects.toMatchObject(REFUSED);
    await expect(propose(db.ana, profileId, { needed: 2, approvers: [people.ben.user] })).rejects.toMatchObject(REFUSED);
    await expect(propose(db.ana, profileId, { needed: 2, over: ['BTC', '1', 1] })).rejects.toMatchObject(REFUSED);
  });
});
