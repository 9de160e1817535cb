import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import type { WithdrawalDraft } from '../../shared/ipc/capabilities/withdrawals.ts';
import type { JournalEntry } from '../../shared/ipc/journal.ts';
import type { StepHook, SubmissionStep } from '../platform/journal/index.ts';
import { UNKNOWN_SEND_SAFE_MS } from '../platform/journal/index.ts';
import { withdrawalBench } from './testing/withdrawal-bench.ts';
import { CHECKS_PER_MINUTE } from './withdrawal-checks.ts';
import { WITHDRAWAL_FORM } from './testing/withdrawal-steps.ts';

/**
 * A withdrawal whose send's outcome is unknown (its answer lost, or the app cut off after its sent
 * mark), checked with the service by its foreign id (withdrawals.check): found, it is recorded as
 * sent with the service's id and status; not found long enough after the send, it is sent again,
 * the same text under the same foreign id, on the approval of the person who checked. Never twice:
 * the sandbox's record of withdrawals is the judge.
 */

const MERCHANT = { key: `wc-key-${randomBytes(8).toString('hex')}`, secret: `wc-secret-${randomBytes(16).toString('hex')}` };
const clock = { now: Date.parse('2026-11-27T06:00:00.000Z'), cut: null as SubmissionStep | null };
const step: StepHook = (reached) => {
  if (reached === clock.cut) throw new Error(`cut off at ${reached}`);
};
const bench = withdrawalBench('withdrawal-checks', MERCHANT, 41, { now: () => clock.now, submissionStep: step });
const { asked, call, value } = bench;

type Checked = { draft: WithdrawalDraft; finding: string; service: { id: string; status: string | null } | null; checkAgainAt: string | null; message: string };
const atService = (foreignId: string) => bench.service.state(MERCHANT.key).transactions.filter((t) => t.kind === 'withdrawal' && t.foreign_id === foreignId);
const stateOf = async (id: number) => (await value<{ drafts: WithdrawalDraft[] }>('withdrawals.list', {})).drafts.find((d) => d.id === id)?.state;
const entryOf = async (foreignId: string) => (await value<{ entries: JournalEntry[] }>('journal.search', {})).entries.find((e) => e.foreignId === foreignId);

/** A draft approved with its send cut off at `at`: the journal's try is unknown. */
async function cutOff(at: SubmissionStep): Promise<WithdrawalDraft> {
  await value('withdrawals.setAlone', { on: true });
  const { draft } = await value<{ draft: WithdrawalDraft }>('withdrawals.draft', WITHDRAWAL_FORM);
  clock.cut = at;
  try {
    expect(await call('withdrawals.approve', { draftId: draft.id })).toMatchObject({ ok: false });
  } finally {
    clock.cut = null;
  }
  expect(await stateOf(draft.id)).toBe('unknown');
  expect((await entryOf(draft.foreignId))?.state).toBe('unknown');
  return draft;
}

describe('a withdrawal whose outcome is unknown, checked with the service', () => {
  it('that reached the service is recorded as sent with its id and status, and never sent again', async () => {
    const draft = await cutOff('answered');
    expect(atService(draft.foreignId)).toHaveLength(1);
    const checked = await value<Checked>('withdrawals.check', { draftId: draft.id });
    const [there] = atService(draft.foreignId);
    expect(checked).toMatchObject({ finding: 'sent', service: { id: String(there?.id), status: there?.status }, draft: { state: 'sending', checks: [{ attempt: 1, outcome: 'sent', serviceId: String(there?.id) }] } });
    // The journal's unknown try is settled as the service said, with a note a person reads in History.
    expect(await entryOf(draft.foreignId)).toMatchObject({ state: 'succeeded', message: expect.stringContaining(`it has withdrawal ${String(there?.id)}`) });
    asked.length = 0;
    expect(await call('withdrawals.approve', { draftId: draft.id })).toMatchObject({ ok: false });
    expect((await value<Checked>('withdrawals.check', { draftId: draft.id })).finding).toBe('sent');
    expect(atService(draft.foreignId)).toHaveLength(1);
  });

  it('that never reached it waits out the safe time, then is sent again once under the same foreign id', async () => {
    const draft = await cutOff('marked-sent');
    expect(atService(draft.foreignId)).toHaveLength(0);
    const early = await value<Checked>('withdrawals.check', { draftId: draft.id });
    expect(early).toMatchObject({ finding: 'wait', service: null, draft: { state: 'unknown', checks: [] } });
    expect(Date.parse(early.checkAgainAt ?? '')).toBe(clock.now + UNKNOWN_SEND_SAFE_MS);
    // Not sent again before it is checked: the try may have left.
    expect(await call('withdrawals.approve', { draftId: draft.id })).toMatchObject({ ok: false, error: { kind: 'already_sent' } });

    clock.now += UNKNOWN_SEND_SAFE_MS;
    const late = await value<Checked>('withdrawals.check', { draftId: draft.id });
    expect(late).toMatchObject({ finding: 'not-sent', draft: { state: 'unsent', checks: [{ attempt: 1, outcome: 'not-sent' }] } });
    expect((await entryOf(draft.foreignId))?.state).toBe('failed');

    asked.length = 0;
    const again = await value<{ draft: WithdrawalDraft; sent: { serviceId: string | null } | null }>('withdrawals.approve', { draftId: draft.id });
    expect(asked).toHaveLength(1);
    const sent = atService(draft.foreignId);
    expect(sent).toHaveLength(1);
    expect(again).toMatchObject({ draft: { state: 'sending' }, sent: { serviceId: String(sent[0]?.id) } });
    expect(sent[0]).toMatchObject({ foreign_id: draft.foreignId });
    // Once sent, nothing sends it again, nor does a check take it back.
    expect(await call('withdrawals.approve', { draftId: draft.id })).toMatchObject({ ok: false, error: { kind: 'already_sent' } });
    expect((await value<Checked>('withdrawals.check', { draftId: draft.id })).finding).toBe('sent');
    expect(atService(draft.foreignId)).toHaveLength(1);
  });

  it('is never paid twice even when a check was wrong: the service refuses the foreign id it already has', async () => {
    const draft = await cutOff('answered');
    clock.now += UNKNOWN_SEND_SAFE_MS;
    // A wrong "not sent" written into the journal by hand, past main's check.
    const db = new DatabaseSync(join(bench.dataDir, 'journal.sqlite'));
    try {
      const claim = db.prepare('SELECT desktop_id FROM withdrawal_sends WHERE draft_id = ?').get(draft.id) as { desktop_id: string };
      db.prepare("UPDATE entries SET state = 'failed' WHERE foreign_id = ?").run(draft.foreignId);
      db.prepare(
        "INSERT INTO withdrawal_send_checks (draft_id, attempt, outcome, judged_entry, checked_login, desktop_id, checked_at) VALUES (?, 1, 'not-sent', (SELECT max(id) FROM entries), 'this-desktop', ?, ?)",
      ).run(draft.id, claim.desktop_id, new Date(clock.now).toISOString());
    } finally {
      db.close();
    }
    expect(await stateOf(draft.id)).toBe('unsent');
    const again = await call('withdrawals.approve', { draftId: draft.id });
    expect(again).toMatchObject({ ok: false, error: { kind: 'validation', fields: { foreign_id: expect.stringContaining('already been taken') } } });
    expect(atService(draft.foreignId)).toHaveLength(1);
  });

  it(`asks the service at most ${CHECKS_PER_MINUTE} times a minute`, async () => {
    const draft = await cutOff('marked-sent');
    for (let i = 0; i < CHECKS_PER_MINUTE; i++) expect((await value<Checked>('withdrawals.check', { draftId: draft.id })).finding).toBe('wait');
    expect(await call('withdrawals.check', { draftId: draft.id })).toMatchObject({ ok: false, error: { message: expect.stringContaining(`at most ${CHECKS_PER_MINUTE} withdrawals a minute`) } });
    clock.now += 60_000;
    expect((await value<Checked>('withdrawals.check', { draftId: draft.id })).finding).toBe('wait');
  });

  it('is refused for a draft never approved for sending', async () => {
    const { draft } = await value<{ draft: WithdrawalDraft }>('withdrawals.draft', WITHDRAWAL_FORM);
    expect(await call('withdrawals.check', { draftId: draft.id })).toMatchObject({ ok: false, error: { message: expect.stringContaining('never approved for sending') } });
  });
});
