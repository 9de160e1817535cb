import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateSqliteJournal } from '../schema/sqlite-migrations.ts';
import { DRAFT_LIFETIME_MS, LOCAL_LOGIN, sqliteWithdrawalDesk, UNKNOWN_SEND_SAFE_MS } from './withdrawal-desk.ts';
import type { NewDraft } from './withdrawal-desk.ts';

/**
 * A desktop's own journal's withdrawals (schema version 10): a batch read by its index in one query,
 * a draft's lifetime, and the checks of a send whose outcome is unknown, by the rules a team
 * journal's database keeps too (schema/withdrawal-rules.ts).
 */

const dir = mkdtempSync(join(tmpdir(), 'withdrawal-desk-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
const START = Date.parse('2026-11-27T06:00:00.000Z');
const author = () => ({ name: 'Ana', computer: 'DESK-1', desktopId: 'desk-1' });

function deskAt(version = 10) {
  const db = new DatabaseSync(join(dir, `journal-${++files}.sqlite`));
  migrateSqliteJournal(db, version);
  const clock = { now: START };
  const prepared: string[] = [];
  // Counts the statements the desk prepares: each is one query of the file.
  const counting = new Proxy(db, {
    get(target, key) {
      if (key === 'prepare') {
        return (sql: string) => {
          prepared.push(sql);
          return target.prepare(sql);
        };
      }
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  const desk = () => sqliteWithdrawalDesk(counting, { account: 'shop', author, now: () => clock.now });
  return { db, clock, prepared, desk };
}

const newDraft = (n: number, batchId: string | null = 'pay-1'): NewDraft => {
  const foreignId = `wdr-${n}`;
  return { profileName: 'Shop', foreignId, currency: 'BTC', amount: `0.000${n}`, request: JSON.stringify({ foreign_id: foreignId, currency: 'BTC', amount: `0.000${n}`, address: 'bc1q' }), batchId };
};

const iso = (ms: number) => new Date(ms).toISOString();

/** A try of the journal under a foreign id, as the tracker leaves it. */
function addTry(db: DatabaseSync, foreignId: string, state: string, at: number, sentAt: number | null = at) {
  db.prepare(
    `INSERT INTO entries (profile_id, profile_name, operation, state, foreign_id, request, created_at, updated_at, sent_at, entry_uid)
     VALUES ('shop', 'Shop', 'withdrawals.approve', ?, ?, '{}', ?, ?, ?, lower(hex(randomblob(16))))`,
  ).run(state, foreignId, iso(at), iso(at), sentAt === null ? null : iso(sentAt));
}

describe("a desktop's own journal's withdrawal drafts", () => {
  it('moves from version 9 to 10 keeping every draft, and reads a batch by its own index', async () => {
    const { db, desk } = deskAt(9);
    // Drafted by the app of version 9, which wrote its drafts' lifetime itself.
    db.prepare(
      `INSERT INTO withdrawal_drafts (profile_id, profile_name, foreign_id, currency, amount, request, request_sha256, batch_id, drafted_at, expires_at)
       VALUES ('shop', 'Shop', 'wdr-old', 'BTC', '0.1', '{}', 'x', 'pay-old', ?, ?)`,
    ).run(iso(START), iso(START + 1000));
    expect(migrateSqliteJournal(db, 10)).toEqual({ found: 10, known: 10, readOnly: false });
    expect((await desk().batch('pay-old')).map((d) => [d.foreignId, d.expiresAt, d.checks, d.tries])).toEqual([['wdr-old', iso(START + 1000), [], []]]);
    const plan = db.prepare("EXPLAIN QUERY PLAN SELECT id FROM withdrawal_drafts d WHERE d.profile_id = 'shop' AND d.batch_id = 'pay-old' ORDER BY d.id").all() as Array<{ detail: string }>;
    expect(plan.map((step) => step.detail).join('\n')).toContain('USING COVERING INDEX withdrawal_drafts_batch');
  });

  it('reads a batch of any size in one query, each draft with its claim, decisions, checks and tries', async () => {
    const { db, prepared, desk } = deskAt();
    const drafted = await desk().draftBatch([1, 2, 3, 4, 5].map((n) => newDraft(n)));
    db.prepare("INSERT INTO withdrawal_policies (profile_id, approvals_needed, withdraw_alone, proposed_at) VALUES ('shop', 1, 1, ?)").run(iso(START));
    await desk().approve(drafted[1]?.id as number);
    addTry(db, 'wdr-2', 'succeeded', START);
    prepared.length = 0;
    const batch = await desk().batch('pay-1');
    expect(prepared).toHaveLength(1);
    expect(batch.map((d) => d.foreignId)).toEqual(['wdr-1', 'wdr-2', 'wdr-3', 'wdr-4', 'wdr-5']);
    expect(batch[1]).toMatchObject({ claim: { login: LOCAL_LOGIN, desktopId: 'desk-1' }, decisions: [{ decision: 'approve', login: LOCAL_LOGIN }], tries: [{ state: 'succeeded' }] });
    expect(batch[0]).toMatchObject({ claim: null, decisions: [], tries: [] });
  });

  it(`expires ${DRAFT_LIFETIME_MS / 3_600_000} hours after drafting by its clock, and is then never approved`, async () => {
    const { db, clock, desk } = deskAt();
    db.prepare("INSERT INTO withdrawal_policies (profile_id, approvals_needed, withdraw_alone, proposed_at) VALUES ('shop', 1, 1, ?)").run(iso(START));
    const draft = await desk().draft(newDraft(1, null));
    expect(draft).toMatchObject({ draftedAt: iso(START), expiresAt: iso(START + DRAFT_LIFETIME_MS), expired: false });
    clock.now = START + DRAFT_LIFETIME_MS - 1;
    expect((await desk().get(draft.id))?.expired).toBe(false);
    clock.now = START + DRAFT_LIFETIME_MS;
    expect((await desk().get(draft.id))?.expired).toBe(true);
    await expect(desk().approve(draft.id)).rejects.toMatchObject({ error: { message: expect.stringContaining('expired') } });
  });

  it('records what a check found of a claimed send: not sent only after the safe time, with every try failed, then sent at most once', async () => {
    const { db, clock, desk } = deskAt();
    db.prepare("INSERT INTO withdrawal_policies (profile_id, approvals_needed, withdraw_alone, proposed_at) VALUES ('shop', 1, 1, ?)").run(iso(START));
    const unclaimed = await desk().draft(newDraft(2, null));
    await expect(desk().check(unclaimed.id, { attempt: 1, outcome: 'sent', serviceId: '1', serviceStatus: 'pending', judgedEntry: null })).rejects.toMatchObject({
      error: { message: expect.stringContaining('never claimed') },
    });
    const { draft } = await desk().approve((await desk().draft(newDraft(1, null))).id);
    addTry(db, 'wdr-1', 'unknown', START + 1000);
    const notSent = { attempt: 1, outcome: 'not-sent', serviceId: null, serviceStatus: null, judgedEntry: 1 } as const;
    clock.now = START + 1000 + UNKNOWN_SEND_SAFE_MS;
    // Its try is still unknown: a person (or the check itself) settles it first.
    await expect(desk().check(draft.id, notSent)).rejects.toMatchObject({ error: { message: expect.stringContaining('each settled as failed') } });
    db.prepare("UPDATE entries SET state = 'failed' WHERE foreign_id = 'wdr-1'").run();
    clock.now = START + 1000 + UNKNOWN_SEND_SAFE_MS - 1;
    await expect(desk().check(draft.id, notSent)).rejects.toMatchObject({ error: { message: expect.stringContaining('15 minutes after it began') } });
    clock.now = START + 1000 + UNKNOWN_SEND_SAFE_MS;
    await expect(desk().check(draft.id, { ...notSent, attempt: 2 })).rejects.toMatchObject({ error: { message: expect.stringContaining('number 1') } });
    const checked = await desk().check(draft.id, notSent);
    expect(checked.checks).toMatchObject([{ attempt: 1, outcome: 'not-sent', login: LOCAL_LOGIN, desktopId: 'desk-1', judgedEntry: 1, checkedAt: iso(clock.now) }]);
    // The next send began with that check: not judged before the safe time after it.
    await expect(desk().check(draft.id, { ...notSent, attempt: 2 })).rejects.toMatchObject({ error: { message: expect.stringContaining('15 minutes after it began') } });
    const sent = await desk().check(draft.id, { attempt: 2, outcome: 'sent', serviceId: '77', serviceStatus: 'pending', judgedEntry: 1 });
    expect(sent.checks.map((c) => c.outcome)).toEqual(['not-sent', 'sent']);
    clock.now += UNKNOWN_SEND_SAFE_MS;
    await expect(desk().check(draft.id, { ...notSent, attempt: 2 })).rejects.toMatchObject({ error: { message: expect.stringContaining('already found sent') } });
  });
});
