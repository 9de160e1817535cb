import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newForeignId } from '../../../../shared/submission/foreign-id.ts';
import { createRowUser } from '../testing/row-user.ts';
import type { RowUser } from '../testing/row-user.ts';
import { teamDatabaseForTest } from '../testing/team-database.ts';
import type { TeamDatabase } from '../testing/team-database.ts';
import { teamWithdrawalDesk } from '../withdrawals/team-withdrawals.ts';
import type { NewDraft, WithdrawalDesk } from '../withdrawals/withdrawal-desk.ts';
import { migratePostgresJournal } from './postgres-migrations.ts';

/**
 * A team journal's withdrawals at schema version 10, on a real server: a batch read by its index in
 * one query, a draft's lifetime from the account's policy (and nothing longer), and the checks of a
 * send whose outcome is unknown, as the database keeps them whoever writes (schema/withdrawal-rules.ts).
 */

let team: TeamDatabase;
let owner: pg.Pool;
const people: Record<'ana' | 'ben' | 'cleo', RowUser> = {} as never;
const pools: Record<'ana' | 'ben' | 'cleo', pg.Pool> = {} as never;
const REFUSED = { code: '42501' };

beforeAll(async () => {
  const shared = inject('postgres');
  if ('unavailable' in shared) throw new Error(shared.unavailable);
  team = await teamDatabaseForTest('withdrawal-checks');
  owner = team.pool();
  await migratePostgresJournal(owner, 9);
  // Drafted at version 9, whose app wrote a draft's lifetime itself (at most 7 days).
  await owner.query(
    `INSERT INTO withdrawal_drafts (profile_id, profile_name, foreign_id, currency, amount, request, request_sha256, batch_id, drafted_at, expires_at)
     VALUES ('old-shop', 'Shop', 'wdr-old', 'BTC', '0.1', $1, encode(sha256(convert_to($1, 'UTF8')), 'hex'), 'pay-old', now(), now() + interval '3 days')`,
    [JSON.stringify({ foreign_id: 'wdr-old', currency: 'BTC', amount: '0.1' })],
  );
  await migratePostgresJournal(owner);
  for (const name of ['ana', 'ben', 'cleo'] as const) {
    people[name] = await createRowUser(shared.address, team);
    await people[name].grantRows();
    pools[name] = people[name].pool();
  }
});
afterAll(async () => {
  for (const person of Object.values(people)) await person.drop();
  await owner?.end();
  await team?.drop();
});

let accounts = 0;
const account = () => `account-${++accounts}`;
const deskOf = (who: 'ana' | 'ben' | 'cleo', shop: string, pool: pg.Pool = pools[who]): WithdrawalDesk =>
  teamWithdrawalDesk(pool, { account: shop, author: () => ({ name: who, computer: `${who}-pc`, desktopId: `${who}-desk` }), where: 'test' });

const newDraft = (batchId: string | null = null, amount = '0.0001'): NewDraft => {
  const foreignId = newForeignId('wdr');
  return { profileName: 'Shop', foreignId, currency: 'BTC', amount, request: JSON.stringify({ foreign_id: foreignId, currency: 'BTC', amount, address: 'bc1q' }), batchId };
};

/** Moves a send's claim and its tries back in time, as the owner with the rules set aside: the database's clock cannot be moved. */
async function backdate(draftId: number, foreignId: string, minutes: number) {
  await owner.query('ALTER TABLE withdrawal_sends DISABLE TRIGGER USER');
  await owner.query('ALTER TABLE entries DISABLE TRIGGER USER');
  try {
    await owner.query(`UPDATE withdrawal_sends SET claimed_at = claimed_at - $2 * interval '1 minute' WHERE draft_id = $1`, [draftId, minutes]);
    await owner.query(
      `UPDATE entries SET sent_at = sent_at - $2 * interval '1 minute', updated_at = updated_at - $2 * interval '1 minute', written_at = written_at - $2 * interval '1 minute' WHERE foreign_id = $1`,
      [foreignId, minutes],
    );
  } finally {
    await owner.query('ALTER TABLE withdrawal_sends ENABLE TRIGGER USER');
    await owner.query('ALTER TABLE entries ENABLE TRIGGER USER');
  }
}

/** A try under the draft's foreign id, as a sending desktop's tracker leaves it. */
const addTry = (as: pg.Pool, shop: string, foreignId: string, state: string) =>
  as.query(
    `INSERT INTO entries (profile_id, profile_name, operation, state, foreign_id, request, created_at, updated_at, sent_at, entry_uid)
     VALUES ($1, 'Shop', 'withdrawals.approve', 'pending', $2, '{}', now(), now(), now(), md5(random()::text))
     RETURNING id`,
    [shop, foreignId],
  ).then(async ({ rows }) => {
    const id = Number(rows[0]?.id);
    if (state !== 'pending') await as.query('UPDATE entries SET state = $2, updated_at = now() WHERE id = $1', [id, state]);
    return id;
  });

describe("a team journal's withdrawal drafts at version 10", () => {
  it('keeps the drafts of version 9 and reads a batch by its own index, in one query with each draft\'s details', async () => {
    const desk = deskOf('ana', 'old-shop', owner);
    const queries: string[] = [];
    const counting = new Proxy(owner, {
      get(target, key) {
        if (key === 'query') return (...args: Parameters<pg.Pool['query']>) => (queries.push(String(args[0])), (target.query as (...a: unknown[]) => unknown)(...args));
        const value = Reflect.get(target, key, target) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    }) as pg.Pool;
    const batch = await deskOf('ana', 'old-shop', counting).batch('pay-old');
    expect(queries).toHaveLength(1);
    expect(batch.map((d) => [d.foreignId, d.checks, d.tries, d.claim])).toEqual([['wdr-old', [], [], null]]);
    expect(await desk.batch('pay-none')).toEqual([]);
    const client = await owner.connect();
    try {
      await client.query('SET enable_seqscan = off');
      const { rows } = await client.query<{ 'QUERY PLAN': string }>("EXPLAIN SELECT id FROM withdrawal_drafts d WHERE d.profile_id = 'old-shop' AND d.batch_id = 'pay-old' ORDER BY d.id");
      expect(rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('withdrawal_drafts_batch');
    } finally {
      client.release();
    }
  });

  it("lets a draft wait as long as the account's policy says, never longer; 24 hours without one", async () => {
    const shop = account();
    const first = await deskOf('ana', shop).draft(newDraft());
    expect(Date.parse(first.expiresAt) - Date.parse(first.draftedAt)).toBe(24 * 3_600_000);
    const proposed = await deskOf('ana', shop).propose({ approvalsNeeded: 1, draftLifetimeHours: 2 });
    expect(proposed.draftLifetimeMs).toBe(2 * 3_600_000);
    // Not in force until another login approves it.
    const before = await deskOf('ana', shop).draft(newDraft());
    expect(Date.parse(before.expiresAt) - Date.parse(before.draftedAt)).toBe(24 * 3_600_000);
    await deskOf('ben', shop).decidePolicy(proposed.id, 'approve', null);
    const after = await deskOf('ana', shop).draft(newDraft());
    expect(Date.parse(after.expiresAt) - Date.parse(after.draftedAt)).toBe(2 * 3_600_000);
    // A member writing plain SQL cannot make one live longer.
    const longer = newDraft();
    await expect(
      pools.ana.query(
        `INSERT INTO withdrawal_drafts (profile_id, profile_name, foreign_id, currency, amount, request, request_sha256, drafted_at, expires_at)
         VALUES ($1, 'Shop', $2, 'BTC', '0.0001', $3, encode(sha256(convert_to($3, 'UTF8')), 'hex'), now(), statement_timestamp() + interval '3 hours')`,
        [shop, longer.foreignId, longer.request],
      ),
    ).rejects.toMatchObject({ ...REFUSED, message: expect.stringContaining("within 02:00:00 (the merchant account's policy)") });
    await expect(
      pools.ana.query("INSERT INTO withdrawal_policies (profile_id, approvals_needed, withdraw_alone, proposed_at, draft_lifetime_ms) VALUES ($1, 1, 0, now(), 999)", [shop]),
    ).rejects.toMatchObject({ ...REFUSED, message: expect.stringContaining('from 1 second to 7 days') });
  });

  it("expires by the database's clock after the policy's lifetime, and is then never approved", async () => {
    const shop = account();
    const { rows } = await pools.ana.query<{ id: string }>(
      "INSERT INTO withdrawal_policies (profile_id, approvals_needed, withdraw_alone, proposed_at, draft_lifetime_ms) VALUES ($1, 1, 0, now(), 1000) RETURNING id",
      [shop],
    );
    await deskOf('ben', shop).decidePolicy(Number(rows[0]?.id), 'approve', null);
    const draft = await deskOf('ana', shop).draft(newDraft());
    expect(Date.parse(draft.expiresAt) - Date.parse(draft.draftedAt)).toBe(1000);
    await owner.query('SELECT pg_sleep(1.1)');
    expect((await deskOf('ben', shop).get(draft.id))?.expired).toBe(true);
    await expect(deskOf('ben', shop).approve(draft.id)).rejects.toMatchObject({ error: { message: expect.stringContaining('expired') } });
  });

  it('records a check of a claimed send once per send: not sent only by an approver, late enough, with every try failed; then sent at most once', async () => {
    const shop = account();
    const input = newDraft();
    const drafted = await deskOf('ana', shop).draft(input);
    const notSent = { attempt: 1, outcome: 'not-sent', serviceId: null, serviceStatus: null, judgedEntry: null } as const;
    await expect(deskOf('ben', shop).check(drafted.id, notSent)).rejects.toMatchObject({ error: { message: expect.stringContaining('never claimed') } });
    const { claimed } = await deskOf('ben', shop).approve(drafted.id);
    expect(claimed).toBe(true);
    const tryId = await addTry(pools.ben, shop, input.foreignId, 'unknown');
    const check = { ...notSent, judgedEntry: tryId };
    // Too early, and by the database's own rules too (plain SQL, past this code's words).
    await expect(deskOf('ben', shop).check(drafted.id, check)).rejects.toMatchObject({ error: { message: expect.stringContaining('15 minutes after it began') } });
    const insert = (as: pg.Pool, outcome: string, attempt = 1) =>
      as.query("INSERT INTO withdrawal_send_checks (draft_id, attempt, outcome, checked_at) VALUES ($1, $2, $3, now())", [drafted.id, attempt, outcome]);
    await expect(insert(pools.ben, 'not-sent')).rejects.toMatchObject({ ...REFUSED, message: expect.stringContaining('15 minutes after it began') });
    await backdate(drafted.id, input.foreignId, 16);
    // Its try is still unknown: it is settled first.
    await expect(insert(pools.ben, 'not-sent')).rejects.toMatchObject({ ...REFUSED, message: expect.stringContaining('each settled as failed') });
    await owner.query('ALTER TABLE entries DISABLE TRIGGER USER');
    await owner.query("UPDATE entries SET state = 'failed' WHERE id = $1", [tryId]);
    await owner.query('ALTER TABLE entries ENABLE TRIGGER USER');
    // Not by a login that never approved it (the drafter's, say), nor for a send that is not the current one.
    await expect(insert(pools.ana, 'not-sent')).rejects.toMatchObject({ ...REFUSED, message: expect.stringContaining('only a login that approved it') });
    await expect(insert(pools.ben, 'not-sent', 2)).rejects.toMatchObject({ ...REFUSED, message: expect.stringContaining('number 1') });
    const checked = await deskOf('ben', shop).check(drafted.id, check);
    expect(checked.checks).toMatchObject([{ attempt: 1, outcome: 'not-sent', login: people.ben.user, checkedBy: 'ben', desktopId: 'ben-desk', judgedEntry: tryId }]);
    await expect(owner.query("UPDATE withdrawal_send_checks SET outcome = 'sent' WHERE draft_id = $1", [drafted.id])).rejects.toMatchObject(REFUSED);
    await expect(owner.query('DELETE FROM withdrawal_send_checks WHERE draft_id = $1', [drafted.id])).rejects.toMatchObject(REFUSED);
    // The next send began with that check.
    await expect(insert(pools.ben, 'not-sent', 2)).rejects.toMatchObject({ ...REFUSED, message: expect.stringContaining('15 minutes after it began') });
    await deskOf('cleo', shop).check(drafted.id, { attempt: 2, outcome: 'sent', serviceId: '77', serviceStatus: 'pending', judgedEntry: tryId });
    await expect(insert(pools.ben, 'sent', 3)).rejects.toMatchObject({ ...REFUSED, message: expect.stringContaining('already found sent') });
    expect((await deskOf('ana', shop).get(drafted.id))?.checks.map((c) => [c.attempt, c.outcome, c.serviceId])).toEqual([
      [1, 'not-sent', null],
      [2, 'sent', '77'],
    ]);
  });
});
