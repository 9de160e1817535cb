import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { inEnglish } from '../../shared/i18n/testing/in-english.ts';
import type { WithdrawalDraft, WithdrawalDraftInput } from '../../shared/ipc/capabilities/withdrawals.ts';
import { WITHDRAWAL_FORM } from './testing/withdrawal-steps.ts';
import { DRAFTS_PER_MINUTE } from './withdrawal-handlers.ts';
import { withdrawalBench } from './testing/withdrawal-bench.ts';

/**
 * Withdrawals on a profile without a team journal: one person, who withdraws only once "I withdraw
 * alone" is on (confirmed in main's dialog), and each withdrawal still through main's dialog, which
 * shows the journal's copy. The real router, keychain, client, journal and a standalone sandbox.
 */

const MERCHANT = { key: `wd-key-${randomBytes(8).toString('hex')}`, secret: `wd-secret-${randomBytes(16).toString('hex')}` };
const FORM: WithdrawalDraftInput = {
  ...WITHDRAWAL_FORM,
  amount: '0.01',
  endUserReference: 'customer-1',
  receiverType: 'natural',
  receiverData: { first_name: 'Ada', last_name: 'Lovelace', date_of_birth: '1990-12-10' },
};
const BTC_ADDRESS = FORM.address;

const bench = withdrawalBench('withdrawal-handlers', MERCHANT, 23);
const { asked, call, value } = bench;
const drafted = async () => (await value<{ draft: WithdrawalDraft }>('withdrawals.draft', FORM)).draft;
const sentAtService = (foreignId: string) => bench.service.state(MERCHANT.key).transactions.filter((t) => t.kind === 'withdrawal' && t.foreign_id === foreignId);

describe('a withdrawal on a profile without a team journal', () => {
  it('is drafted by main: its own foreign id, the exact body kept with its hash, nothing sent', async () => {
    const draft = await drafted();
    expect(draft).toMatchObject({ state: 'awaiting', currency: 'BTC', amount: '0.01', address: BTC_ADDRESS, foreignId: expect.stringMatching(/^wdr-\d{8}-/) });
    expect(JSON.parse(draft.request)).toMatchObject({ foreign_id: draft.foreignId, amount: '0.01', receiver_type: 'natural' });
    expect(sentAtService(draft.foreignId)).toHaveLength(0);
    expect((await value<{ drafts: WithdrawalDraft[] }>('withdrawals.list', {})).drafts.map((d) => d.id)).toEqual([draft.id]);
  });

  it('drafts a currency to pay from and its amount as exact decimal text, and refuses more places than it takes', async () => {
    const { draft } = await value<{ draft: WithdrawalDraft }>('withdrawals.draft', { ...FORM, convertTo: 'EUR', amountTo: '250.10' });
    expect(JSON.parse(draft.request)).toMatchObject({ currency: 'BTC', amount: '0.01', convert_to: 'EUR', amount_to: '250.10' });
    expect(JSON.parse((await drafted()).request)).not.toHaveProperty('convert_to');
    for (const [fields, message] of [
      [{ convertTo: 'EUR', amountTo: '250.105' }, 'EUR takes at most 2 decimal places'],
      [{ convertTo: 'EUR', amountTo: '2.5e2' }, ''],
      [{ amountTo: '250' }, 'goes with a currency to pay from'],
      [{ convertTo: 'BTC' }, 'another currency to pay from'],
    ] as const) {
      const answer = await call('withdrawals.draft', { ...FORM, ...fields });
      expect(answer, JSON.stringify(fields)).toMatchObject({ ok: false, error: { kind: 'invalid_request' } });
      // A rule's message travels encoded (shared/i18n/rule-message.ts): compared as an English window words it.
      const answered = (answer as { error?: { fields?: Record<string, string> } }).error?.fields ?? {};
      expect(Object.values(answered).map((text) => inEnglish(text)).join(' ')).toContain(message);
    }
    expect((await value<{ drafts: WithdrawalDraft[] }>('withdrawals.list', {})).drafts).toHaveLength(2);
  });

  it('refuses a body, a foreign id or any field but the draft id from the renderer', async () => {
    const draft = await drafted();
    const altered = draft.request.replace(BTC_ADDRESS, 'bc1qattackerattackerattackerattackerattac');
    for (const payload of [{ draftId: draft.id, request: altered }, { draftId: draft.id, address: 'bc1qattacker' }, { draftId: draft.id, amount: '5' }]) {
      expect(await call('withdrawals.approve', payload)).toMatchObject({ ok: false, error: { kind: 'invalid_request' } });
    }
    expect(await call('withdrawals.draft', { ...FORM, foreign_id: 'mine-1' })).toMatchObject({ ok: false, error: { kind: 'invalid_request' } });
    expect(await call('withdrawals.draft', { ...FORM, request: altered })).toMatchObject({ ok: false, error: { kind: 'invalid_request' } });
    expect(asked).toHaveLength(0);
    expect(sentAtService(draft.foreignId)).toHaveLength(0);
  });

  it('is not drafted to an address its checksum refuses, nor with a tag its currency takes none of, and says where', async () => {
    // One character changed in the middle of the address: its bech32 checksum no longer matches.
    const typo = `${BTC_ADDRESS.slice(0, 20)}${BTC_ADDRESS[20] === 'q' ? 'p' : 'q'}${BTC_ADDRESS.slice(21)}`;
    const wrong = await call('withdrawals.draft', { ...FORM, address: typo });
    expect(wrong).toMatchObject({ ok: false, error: { kind: 'invalid_request' } });
    expect(Object.values((wrong as { error?: { fields?: Record<string, string> } }).error?.fields ?? {}).map((text) => inEnglish(text)).join(' ')).toMatch(/Character 2[01] .*checksum does not match/);
    expect(await call('withdrawals.draft', { ...FORM, tag: '12345' })).toMatchObject({ ok: false, error: { kind: 'invalid_request' } });
    expect((await value<{ drafts: WithdrawalDraft[] }>('withdrawals.list', {})).drafts).toHaveLength(0);
  });

  it('is not approved alone until the person turned withdrawing alone on in main’s dialog', async () => {
    const draft = await drafted();
    expect(await value('withdrawals.alone', {})).toEqual({ alone: false, teamJournal: false });
    expect(await call('withdrawals.approve', { draftId: draft.id })).toMatchObject({ ok: false, error: { message: expect.stringContaining('I withdraw alone') } });
    bench.person = async () => false;
    expect(await call('withdrawals.setAlone', { on: true })).toMatchObject({ ok: false, error: { kind: 'not_confirmed' } });
    expect(await call('withdrawals.approve', { draftId: draft.id })).toMatchObject({ ok: false, error: { message: expect.stringContaining('I withdraw alone') } });
    expect(sentAtService(draft.foreignId)).toHaveLength(0);
    expect(await value('withdrawals.alone', {})).toEqual({ alone: false, teamJournal: false });
    bench.person = async () => true;
    await value('withdrawals.setAlone', { on: true });
    expect(await value('withdrawals.alone', {})).toEqual({ alone: true, teamJournal: false });
    await value('withdrawals.setAlone', { on: false });
    expect(await value('withdrawals.alone', {})).toEqual({ alone: false, teamJournal: false });
  });

  it('shows the journal’s copy in main’s dialog, and sends exactly the drafted text once after a yes', async () => {
    await value('withdrawals.setAlone', { on: true });
    const draft = await drafted();
    asked.length = 0;
    bench.person = async () => false;
    expect(await call('withdrawals.approve', { draftId: draft.id })).toMatchObject({ ok: false, error: { kind: 'not_confirmed' } });
    expect(asked[0]?.message).toBe(`Send 0.01 BTC to ${BTC_ADDRESS}?`);
    expect(asked[0]?.detail).toContain(`Foreign id: ${draft.foreignId}`);
    expect(asked[0]?.detail).toContain(`Request sha256: ${draft.requestSha256}`);
    expect(sentAtService(draft.foreignId)).toHaveLength(0);

    bench.person = async () => true;
    const approved = await value<{ draft: WithdrawalDraft; sent: { journalId: number } | null }>('withdrawals.approve', { draftId: draft.id });
    expect(approved.draft.state).toBe('sending');
    expect(approved.sent).toMatchObject({ journalId: expect.any(Number), status: 'processing' });
    expect(sentAtService(draft.foreignId)).toHaveLength(1);
    const entry = await bench.services.journal.get(approved.sent?.journalId ?? 0);
    expect(entry).toMatchObject({ operation: 'withdrawals.approve', state: 'succeeded', foreignId: draft.foreignId, amount: '0.01', currency: 'BTC' });

    // Approved and sent: never again, whatever the renderer asks.
    expect(await call('withdrawals.approve', { draftId: draft.id })).toMatchObject({ ok: false });
    expect(sentAtService(draft.foreignId)).toHaveLength(1);
  });

  it('asks and refuses in the window’s language at that moment: German, French, then English again', async () => {
    await value('withdrawals.setAlone', { on: true });
    const draft = await drafted();
    bench.person = async () => false;
    try {
      await value('locale.set', { language: 'de', formatLocale: null });
      asked.length = 0;
      expect(await call('withdrawals.approve', { draftId: draft.id })).toMatchObject({ ok: false, error: { kind: 'not_confirmed' } });
      expect(asked[0]).toMatchObject({ title: 'Auszahlung freigeben', message: `0.01 BTC an ${BTC_ADDRESS} senden?`, confirmLabel: 'Auszahlung freigeben' });
      expect(asked[0]?.detail).toContain(`Fremd-ID: ${draft.foreignId}`);
      expect(asked[0]?.detail).toContain('Eine Auszahlung kann nicht rückgängig gemacht werden.');
      await value('withdrawals.setAlone', { on: false });
      expect(await call('withdrawals.approve', { draftId: draft.id })).toMatchObject({ ok: false, error: { message: expect.stringContaining('schalten Sie „Ich zahle allein aus“ für dieses Profil ein') } });
      await value('locale.set', { language: 'fr', formatLocale: null });
      await value('withdrawals.reject', { draftId: draft.id, reason: 'Wrong customer.' });
      expect(await call('withdrawals.approve', { draftId: draft.id })).toMatchObject({ ok: false, error: { message: `Le brouillon de retrait ${draft.id} a été rejeté.` } });
    } finally {
      await value('locale.set', { language: null, formatLocale: null });
    }
    expect(await call('withdrawals.approve', { draftId: draft.id })).toMatchObject({ ok: false, error: { message: `Withdrawal draft ${draft.id} was rejected.` } });
    expect(sentAtService(draft.foreignId)).toHaveLength(0);
  });

  it('sends nothing of a draft changed after drafting', async () => {
    await value('withdrawals.setAlone', { on: true });
    const draft = await drafted();
    // Another program rewrites the address in this desktop's journal file.
    const db = new DatabaseSync(join(bench.dataDir, 'journal.sqlite'));
    db.prepare('UPDATE withdrawal_drafts SET request = replace(request, ?, ?) WHERE id = ?').run(BTC_ADDRESS, 'bc1qattackerattackerattackerattackerattac', draft.id);
    db.close();
    asked.length = 0;
    expect(await call('withdrawals.approve', { draftId: draft.id })).toMatchObject({ ok: false, error: { message: expect.stringContaining('does not hold together') } });
    expect(asked).toHaveLength(0);
    expect(sentAtService(draft.foreignId)).toHaveLength(0);
  });

  it('has no policy of approvals: one person, who withdraws alone or not at all', async () => {
    expect(await value('withdrawals.policies', {})).toEqual({ inForce: null, policies: [] });
    expect(await call('withdrawals.proposePolicy', { approvalsNeeded: 2 })).toMatchObject({ ok: false, error: { message: expect.stringContaining('no team journal') } });
  });

  it(`is drafted at most ${DRAFTS_PER_MINUTE} times a minute`, async () => {
    for (let n = 0; n < DRAFTS_PER_MINUTE; n++) await drafted();
    expect(await call('withdrawals.draft', FORM)).toMatchObject({ ok: false, error: { kind: 'rate_limited' } });
    expect((await value<{ drafts: WithdrawalDraft[] }>('withdrawals.list', {})).drafts).toHaveLength(DRAFTS_PER_MINUTE);
  });

  it('is rejected with a reason, and then never approved', async () => {
    await value('withdrawals.setAlone', { on: true });
    const draft = await drafted();
    expect(await call('withdrawals.reject', { draftId: draft.id, reason: ' ' })).toMatchObject({ ok: false, error: { kind: 'invalid_request' } });
    const rejected = await value<{ draft: WithdrawalDraft }>('withdrawals.reject', { draftId: draft.id, reason: 'Wrong customer.' });
    expect(rejected.draft).toMatchObject({ state: 'rejected', decisions: [{ decision: 'reject', reason: 'Wrong customer.' }] });
    expect(await call('withdrawals.approve', { draftId: draft.id })).toMatchObject({ ok: false, error: { message: expect.stringContaining('rejected') } });
    expect(sentAtService(draft.foreignId)).toHaveLength(0);
  });

  it('tells a withdrawal’s story by its foreign id, for History: drafted, approved by whom, claimed; and nothing of a foreign id no draft gave', async () => {
    await value('withdrawals.setAlone', { on: true });
    const draft = await drafted();
    const rejected = await drafted();
    await value('withdrawals.reject', { draftId: rejected.id, reason: 'Wrong customer.' });
    bench.person = async () => true;
    await value('withdrawals.approve', { draftId: draft.id });
    const { draft: story } = await value<{ draft: WithdrawalDraft | null }>('withdrawals.story', { foreignId: draft.foreignId });
    expect(story).toMatchObject({ id: draft.id, foreignId: draft.foreignId, state: 'sending', draftedAt: draft.draftedAt, decisions: [{ decision: 'approve', reason: null }], claimedLogin: expect.any(String) });
    expect((await value<{ draft: WithdrawalDraft | null }>('withdrawals.story', { foreignId: rejected.foreignId })).draft).toMatchObject({
      id: rejected.id,
      state: 'rejected',
      decisions: [{ decision: 'reject', reason: 'Wrong customer.' }],
    });
    expect(await value('withdrawals.story', { foreignId: 'wdr-20260101-none' })).toEqual({ draft: null });
  });
});
