import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { PayoutBatch, WithdrawalDraft, WithdrawalPolicy } from '../../shared/ipc/capabilities/withdrawals.ts';
import type { ConfirmRequest } from '../platform/services/confirmation.ts';
import { startSandbox } from '../sandbox/index.ts';
import type { SandboxHandle } from '../sandbox/index.ts';
import { openTeamJournal } from '../platform/journal/postgres/team-journal.ts';
import { createRowUser } from '../platform/journal/testing/row-user.ts';
import type { RowUser } from '../platform/journal/testing/row-user.ts';
import { createTeamDatabase } from '../platform/journal/testing/team-database.ts';
import type { TeamDatabase } from '../platform/journal/testing/team-database.ts';
import { openDesktop } from '../platform/team-journal/testing/team-desktops.ts';
import type { Desktop } from '../platform/team-journal/testing/team-desktops.ts';
import type { StepHook } from '../platform/journal/index.ts';
import { PAYOUT_FILE, PAYOUT_PARTIES } from './testing/payout-file.ts';
import { WITHDRAWAL_FORM } from './testing/withdrawal-steps.ts';

/**
 * Four eyes through the app, on a real team journal: Ana, Ben and Cleo each on a desktop of their
 * own, through their own database login, for one merchant account of a real sandbox. What Ana's
 * desktop is refused below, the app never checked: the database refused it.
 */

const MERCHANT = { key: `four-eyes-${randomBytes(6).toString('hex')}`, secret: randomBytes(24).toString('hex') };
const FORM = WITHDRAWAL_FORM;
const BTC_ADDRESS = FORM.address;

let sandbox: SandboxHandle;
let team: TeamDatabase;
let owner: pg.Pool;
const users: RowUser[] = [];
const desktops: Desktop[] = [];
let ana: Desktop;
let ben: Desktop;
let cleo: Desktop;
let benLogin: RowUser;
const asked: Record<'ana' | 'ben' | 'cleo', ConfirmRequest[]> = { ana: [], ben: [], cleo: [] };
/** Ben's desktop's steps of a submission: a test makes one of them throw, as a crash there would end it. */
let benStep: StepHook = () => {};

beforeAll(async () => {
  const shared = inject('postgres');
  if ('unavailable' in shared) throw new Error(shared.unavailable);
  sandbox = await startSandbox({ merchants: [MERCHANT], seed: 29, rateLimit: false });
  team = await createTeamDatabase(shared.address, 'four-eyes');
  owner = team.pool();
  await openTeamJournal(owner, { author: () => ({ name: 'Owner', computer: 'SETUP', desktopId: 'owner' }) });
  const desktop = async (person: string, who: keyof typeof asked, step?: StepHook) => {
    const login = await createRowUser(shared.address, team);
    await login.grantRows();
    users.push(login);
    const made = await openDesktop({
      person,
      baseUrl: sandbox.baseUrl,
      merchant: MERCHANT,
      team,
      login,
      services: {
        askPerson: async (request) => {
          asked[who].push(request);
          return true;
        },
        ...(step ? { submissionStep: step } : {}),
      },
    });
    desktops.push(made);
    return { made, login };
  };
  ana = (await desktop('Ana Ruiz', 'ana')).made;
  ({ made: ben, login: benLogin } = await desktop('Ben Okafor', 'ben', (step, at) => benStep(step, at)));
  cleo = (await desktop('Cleo Hart', 'cleo')).made;
});
afterAll(async () => {
  for (const each of desktops) await each.close();
  for (const user of users) await user.drop();
  await owner?.end();
  await team?.drop();
  await sandbox?.close();
});

const drafted = async () => (await ana.value<{ draft: WithdrawalDraft }>('withdrawals.draft', FORM)).draft;
const sentAtService = (foreignId: string) => sandbox.state(MERCHANT.key).transactions.filter((t) => t.kind === 'withdrawal' && t.foreign_id === foreignId);
type Approved = { draft: WithdrawalDraft; sent: { journalId: number | null } | null };

describe('a withdrawal under four eyes on a team journal', () => {
  it("is refused to its drafter's own login by the database, and sent once on another person's approval", async () => {
    const draft = await drafted();
    expect(draft.draftedLogin).toBe(users[0]?.user);
    // Ana's desktop says so before its dialog; what refuses it is the database, under her login.
    expect(await ana.call('withdrawals.approve', { draftId: draft.id })).toMatchObject({
      ok: false,
      error: { kind: 'invalid_request', message: expect.stringContaining(`drafted by your login (${users[0]?.user ?? ''}): another login approves it`) },
    });
    expect(asked.ana).toHaveLength(0);
    const asAna = users[0]?.pool() as pg.Pool;
    await expect(
      asAna.query("INSERT INTO withdrawal_decisions (subject, subject_id, decision, decided_at) VALUES ('draft', $1, 'approve', now())", [draft.id]),
    ).rejects.toMatchObject({ code: '42501', message: expect.stringContaining('another login approves it') });
    expect(sentAtService(draft.foreignId)).toHaveLength(0);

    asked.ben.length = 0;
    const approved = await ben.value<Approved>('withdrawals.approve', { draftId: draft.id });
    expect(approved.draft).toMatchObject({ state: 'sending', claimedLogin: benLogin.user });
    expect(approved.sent?.journalId).toEqual(expect.any(Number));
    expect(asked.ben[0]?.message).toBe(`Send 0.001 BTC to ${BTC_ADDRESS}?`);
    expect(asked.ben[0]?.detail).toContain(`Drafted by: ${users[0]?.user ?? ''} (Ana Ruiz)`);
    expect(sentAtService(draft.foreignId)).toHaveLength(1);

    // Cleo's approval comes too late: the draft is claimed and sent.
    expect(await cleo.call('withdrawals.approve', { draftId: draft.id })).toMatchObject({ ok: false, error: { message: expect.stringContaining('already approved and sent') } });
    expect(sentAtService(draft.foreignId)).toHaveLength(1);
    // Every desktop of the account sees the same draft, sent.
    expect((await ana.value<{ drafts: WithdrawalDraft[] }>('withdrawals.list', {})).drafts.find((d) => d.id === draft.id)?.state).toBe('sending');
    // History's story of it, read by the drafter's desktop: drafted by Ana, approved and claimed by Ben.
    expect((await ana.value<{ draft: WithdrawalDraft | null }>('withdrawals.story', { foreignId: draft.foreignId })).draft).toMatchObject({
      id: draft.id,
      draftedLogin: users[0]?.user,
      draftedBy: 'Ana Ruiz',
      decisions: [{ decision: 'approve', login: benLogin.user, decidedBy: 'Ben Okafor' }],
      claimedLogin: benLogin.user,
    });
    expect(await ana.value('withdrawals.story', { foreignId: 'wdr-20260101-none' })).toEqual({ draft: null });
  });

  it('is sent once when two approvers approve at the same moment', async () => {
    for (let round = 0; round < 3; round++) {
      const draft = await drafted();
      const answers = await Promise.all([ben.call<Approved>('withdrawals.approve', { draftId: draft.id }), cleo.call<Approved>('withdrawals.approve', { draftId: draft.id })]);
      expect(answers.filter((answer) => answer.ok && answer.value.sent !== null)).toHaveLength(1);
      expect(sentAtService(draft.foreignId)).toHaveLength(1);
    }
  });

  it('is never withdrawn alone on a team journal', async () => {
    expect(await ana.call('withdrawals.setAlone', { on: true })).toMatchObject({ ok: false, error: { message: expect.stringContaining('never alone') } });
    expect(await ana.value('withdrawals.alone', {})).toEqual({ alone: false, teamJournal: true });
  });

  it('drafts a payout file as one batch in one transaction, refuses its drafter’s approval, and sends every row once on another login’s', async () => {
    const imported = await ana.value<{ batch: PayoutBatch }>('withdrawals.importBatch', { csv: PAYOUT_FILE(2), ...PAYOUT_PARTIES });
    const { batchId } = imported.batch;
    expect(imported.batch.rows.map((r) => [r.amount, r.state, r.missing])).toEqual([
      ['0.0001', 'waiting', 1],
      ['0.0002', 'waiting', 1],
    ]);
    // Every desktop of the account sees the same batch, from the team journal.
    expect((await cleo.value<{ batch: PayoutBatch }>('withdrawals.batch', { batchId })).batch.rows.map((r) => r.foreignId)).toEqual(imported.batch.rows.map((r) => r.foreignId));
    expect(await ana.call('withdrawals.approveBatch', { batchId })).toMatchObject({ ok: false, error: { message: expect.stringContaining('drafted by your login') } });
    asked.ben.length = 0;
    await ben.value('withdrawals.approveBatch', { batchId });
    expect(asked.ben.map((a) => a.message)).toEqual([`Send 2 withdrawal(s) of batch ${batchId}: 0.0003 BTC?`]);
    await vi.waitFor(
      async () => {
        const { batch } = await ben.value<{ batch: PayoutBatch }>('withdrawals.batch', { batchId });
        expect(batch.rows.map((r) => r.state)).toEqual(['sent', 'sent']);
        expect(batch.sending).toBe(false);
      },
      { timeout: 20_000, interval: 100 },
    );
    for (const row of imported.batch.rows) expect(sentAtService(row.foreignId)).toHaveLength(1);
  });

  it("is sent once when the approver's app was cut off after the claim and before the request left", async () => {
    const draft = await drafted();
    // Cut off right after the pending entry is written, before anything left: the journal settles it as never sent.
    benStep = (step) => {
      if (step === 'begun') throw new Error('cut off');
    };
    expect(await ben.call('withdrawals.approve', { draftId: draft.id })).toMatchObject({ ok: false });
    benStep = () => {};
    expect(sentAtService(draft.foreignId)).toHaveLength(0);
    await ben.restart();
    // Ben's desktop holds the claim: it sends the same text, once; nobody else can.
    expect(await cleo.call('withdrawals.approve', { draftId: draft.id })).toMatchObject({ ok: false, error: { message: expect.stringContaining('already approved and sent') } });
    const resumed = await ben.value<Approved>('withdrawals.approve', { draftId: draft.id });
    expect(resumed.sent?.journalId).toEqual(expect.any(Number));
    expect(sentAtService(draft.foreignId)).toHaveLength(1);
    expect(await ben.call('withdrawals.approve', { draftId: draft.id })).toMatchObject({ ok: false, error: { kind: 'already_sent' } });
    expect(sentAtService(draft.foreignId)).toHaveLength(1);
  });

  it('is never sent again when the request may have left before the approver’s app was cut off: a person resolves it', async () => {
    const draft = await drafted();
    benStep = (step) => {
      if (step === 'marked-sent') throw new Error('cut off');
    };
    const cut = await ben.call('withdrawals.approve', { draftId: draft.id });
    benStep = () => {};
    expect(cut).toMatchObject({ ok: false });
    await ben.restart();
    const again = await ben.call('withdrawals.approve', { draftId: draft.id });
    expect(again).toMatchObject({ ok: false, error: { kind: 'already_sent', message: expect.stringContaining('look it up by its foreign id') } });
    // The hook threw inside the sent mark, before the bytes were handed over: none left, but the
    // journal had marked them as possibly sent, so the rule never sends them again.
    expect(sentAtService(draft.foreignId)).toHaveLength(0);
    const entry = await ben.value<{ entries: Array<{ foreignId: string; state: string }> }>('journal.search', {});
    expect(entry.entries.find((e) => e.foreignId === draft.foreignId)?.state).toBe('unknown');
  });

  it('is checked with the service when its outcome is unknown: not there 15 minutes after it was sent, it is sent again once, by the approver who checked', async () => {
    const draft = await drafted();
    benStep = (step) => {
      if (step === 'marked-sent') throw new Error('cut off');
    };
    expect(await ben.call('withdrawals.approve', { draftId: draft.id })).toMatchObject({ ok: false });
    benStep = () => {};
    type Checked = { finding: string; draft: WithdrawalDraft };
    expect((await ana.value<{ drafts: WithdrawalDraft[] }>('withdrawals.list', {})).drafts.find((d) => d.id === draft.id)?.state).toBe('unknown');
    expect(await ben.value<Checked>('withdrawals.check', { draftId: draft.id })).toMatchObject({ finding: 'wait', draft: { checks: [] } });
    // 16 minutes pass for the claim and the try's sent mark (the database's clock cannot be moved: the rows are, by the owner).
    for (const [table, update] of [
      ['withdrawal_sends', "UPDATE withdrawal_sends SET claimed_at = claimed_at - interval '16 minutes' WHERE draft_id = $1"],
      ['entries', "UPDATE entries SET sent_at = sent_at - interval '16 minutes' WHERE foreign_id = (SELECT foreign_id FROM withdrawal_drafts WHERE id = $1)"],
    ] as const) {
      await owner.query(`ALTER TABLE ${table} DISABLE TRIGGER USER`);
      await owner.query(update, [draft.id]);
      await owner.query(`ALTER TABLE ${table} ENABLE TRIGGER USER`);
    }
    // Ana drafted it: she may not find it not sent, which would make her the one to send it.
    expect(await ana.call('withdrawals.check', { draftId: draft.id })).toMatchObject({ ok: false, error: { message: expect.stringContaining('only a login that approved it') } });
    // Refused before anything was settled: the try is still unknown, for the approver's check.
    expect((await ana.value<{ entries: Array<{ foreignId: string; state: string }> }>('journal.search', {})).entries.find((e) => e.foreignId === draft.foreignId)?.state).toBe('unknown');
    expect(await ben.value<Checked>('withdrawals.check', { draftId: draft.id })).toMatchObject({ finding: 'not-sent', draft: { state: 'unsent', checks: [{ outcome: 'not-sent', login: benLogin.user }] } });
    expect(await cleo.call('withdrawals.approve', { draftId: draft.id })).toMatchObject({ ok: false, error: { message: expect.stringContaining('whose desktop sends it again') } });
    expect(sentAtService(draft.foreignId)).toHaveLength(0);
    const again = await ben.value<Approved>('withdrawals.approve', { draftId: draft.id });
    expect(again.sent?.journalId).toEqual(expect.any(Number));
    expect(sentAtService(draft.foreignId)).toHaveLength(1);
    expect(await ben.call('withdrawals.approve', { draftId: draft.id })).toMatchObject({ ok: false, error: { kind: 'already_sent' } });
    expect(sentAtService(draft.foreignId)).toHaveLength(1);
  });

  // Last: the policy it puts in force is the account's from then on.
  it("follows the account's policy once another login approved it: two approvals, by the logins it lists", async () => {
    const cleoLogin = users[2]?.user ?? '';
    const proposed = await ana.value<{ policy: WithdrawalPolicy }>('withdrawals.proposePolicy', { approvalsNeeded: 2, approvers: [benLogin.user, cleoLogin] });
    expect(proposed.policy).toMatchObject({ state: 'proposed', proposedLogin: users[0]?.user });
    expect(await ana.call('withdrawals.decidePolicy', { policyId: proposed.policy.id, decision: 'approve' })).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('another login approves it') },
    });
    asked.ben.length = 0;
    expect((await ben.value<{ policy: WithdrawalPolicy }>('withdrawals.decidePolicy', { policyId: proposed.policy.id, decision: 'approve' })).policy.state).toBe('approved');
    expect(asked.ben[0]?.message).toContain('need 2 approval(s)');
    expect(asked.ben[0]?.detail).toContain('A draft waits for its approvals: 24 hour(s) (the default)');
    expect((await cleo.value<{ inForce: WithdrawalPolicy | null }>('withdrawals.policies', {})).inForce?.id).toBe(proposed.policy.id);

    const draft = await drafted();
    const first = await ben.value<Approved>('withdrawals.approve', { draftId: draft.id });
    expect(first).toMatchObject({ sent: null, draft: { state: 'awaiting', missing: 1 } });
    expect(sentAtService(draft.foreignId)).toHaveLength(0);
    const second = await cleo.value<Approved>('withdrawals.approve', { draftId: draft.id });
    expect(second.sent?.journalId).toEqual(expect.any(Number));
    expect(sentAtService(draft.foreignId)).toHaveLength(1);
  });
});
