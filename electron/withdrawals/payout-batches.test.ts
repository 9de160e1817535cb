import { randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PayoutBatch, PayoutProblemView, WithdrawalDraft } from '../../shared/ipc/capabilities/withdrawals.ts';
import { PAYOUT_FILE, PAYOUT_PARTIES } from './testing/payout-file.ts';
import { PAYOUT_SENDS_PER_SECOND } from './payout-batches.ts';
import { withdrawalBench } from './testing/withdrawal-bench.ts';

/**
 * Payouts in bulk on a profile without a team journal: main reads and checks the payout file itself,
 * drafts it as one batch, and after one yes in its dialog sends the rows one by one at its stated
 * rate, each once. The real router, keychain, client, journal and a standalone sandbox; the pause
 * between two sends is recorded, not waited (no timing in tests).
 */

const MERCHANT = { key: `pay-key-${randomBytes(8).toString('hex')}`, secret: `pay-secret-${randomBytes(16).toString('hex')}` };

const pauses: number[] = [];
const bench = withdrawalBench('payout-batches', MERCHANT, 29, {
  payoutPause: async (ms) => {
    pauses.push(ms);
  },
});
const { asked, call, value } = bench;
beforeEach(() => {
  pauses.length = 0;
});
type Imported = { batch: PayoutBatch | null; problems: PayoutProblemView[] };
const imported = (csv: string, parties: Record<string, unknown> = PAYOUT_PARTIES) => value<Imported>('withdrawals.importBatch', { csv, ...parties });
const sentAtService = (foreignId: string) => bench.service.state(MERCHANT.key).transactions.filter((t) => t.kind === 'withdrawal' && t.foreign_id === foreignId).length;
const drafts = async () => (await value<{ drafts: WithdrawalDraft[] }>('withdrawals.list', {})).drafts;
/** The batch once main stopped sending it. */
const settled = async (batchId: string): Promise<PayoutBatch> => {
  let batch: PayoutBatch | undefined;
  await vi.waitFor(
    async () => {
      batch = (await value<{ batch: PayoutBatch }>('withdrawals.batch', { batchId })).batch;
      expect(batch.sending).toBe(false);
    },
    { timeout: 20_000, interval: 50 },
  );
  return batch as PayoutBatch;
};

describe('a payout file', () => {
  it('with a bad row drafts nothing, and main answers every problem by its row', async () => {
    const bad = PAYOUT_FILE(3).replace('0.0002,', '0.000000001,') + 'bc1qnotanaddress,,BTC,1,\n';
    const answer = await imported(bad);
    expect(answer.batch).toBeNull();
    expect(answer.problems.map((p) => [p.row, p.field, p.code])).toEqual([
      [2, 'amount', 'places'],
      [4, 'address', 'destination'],
    ]);
    expect(await drafts()).toEqual([]);
  });

  it('with bad parties drafts nothing, and says so once, not once a row', async () => {
    const answer = await imported(PAYOUT_FILE(3), { ...PAYOUT_PARTIES, senderData: { legal_name: '' } });
    expect(answer.batch).toBeNull();
    expect(answer.problems).toEqual([expect.objectContaining({ row: null, field: 'senderData' })]);
    expect(await drafts()).toEqual([]);
  });

  it('is drafted as one batch, each row with its own foreign id, nothing sent', async () => {
    const { batch, problems } = await imported(PAYOUT_FILE(3));
    expect(problems).toEqual([]);
    expect(batch).toMatchObject({ batchId: expect.stringMatching(/^pay-\d{8}-/), totals: { BTC: '0.0006' }, sending: false, sendsPerSecond: PAYOUT_SENDS_PER_SECOND });
    const rows = batch?.rows ?? [];
    expect(rows.map((r) => [r.amount, r.state])).toEqual([
      ['0.0001', 'waiting'],
      ['0.0002', 'waiting'],
      ['0.0003', 'waiting'],
    ]);
    expect(new Set(rows.map((r) => r.foreignId)).size).toBe(3);
    expect((await drafts()).every((d) => d.batchId === batch?.batchId)).toBe(true);
    for (const row of rows) expect(sentAtService(row.foreignId)).toBe(0);
  });
});

describe('approving a batch', () => {
  it('asks once with its count and totals, then sends every row once, one by one at the stated rate', async () => {
    await value('withdrawals.setAlone', { on: true });
    const { batch } = await imported(PAYOUT_FILE(3));
    const batchId = batch?.batchId as string;
    asked.length = 0;
    await value('withdrawals.approveBatch', { batchId });
    expect(asked).toHaveLength(1);
    expect(asked[0]?.message).toBe(`Send 3 withdrawal(s) of batch ${batchId}: 0.0006 BTC?`);
    const done = await settled(batchId);
    expect(done.rows.map((r) => r.state)).toEqual(['sent', 'sent', 'sent']);
    for (const row of done.rows) expect(sentAtService(row.foreignId)).toBe(1);
    // A pause of a whole interval between two sends, none before the first.
    expect(pauses).toEqual([1000 / PAYOUT_SENDS_PER_SECOND, 1000 / PAYOUT_SENDS_PER_SECOND]);

    // Asked again, with every row sent: no dialog, nothing sent twice.
    asked.length = 0;
    await value('withdrawals.approveBatch', { batchId });
    expect(asked).toHaveLength(0);
    for (const row of (await settled(batchId)).rows) expect(sentAtService(row.foreignId)).toBe(1);
  });

  it('sends nothing on a no in main’s dialog', async () => {
    await value('withdrawals.setAlone', { on: true });
    const { batch } = await imported(PAYOUT_FILE(2));
    bench.person = async () => false;
    const answer = await call('withdrawals.approveBatch', { batchId: batch?.batchId });
    expect(answer.ok).toBe(false);
    expect((await settled(batch?.batchId as string)).rows.map((r) => r.state)).toEqual(['waiting', 'waiting']);
    for (const row of batch?.rows ?? []) expect(sentAtService(row.foreignId)).toBe(0);
  });

  it('is refused without "I withdraw alone" on a desktop’s own journal, before any dialog', async () => {
    const { batch } = await imported(PAYOUT_FILE(2));
    asked.length = 0;
    expect(await call('withdrawals.approveBatch', { batchId: batch?.batchId })).toMatchObject({ ok: false, error: { kind: 'invalid_request', message: expect.stringContaining('I withdraw alone') } });
    expect(asked).toHaveLength(0);
  });

  it('of an unknown batch is refused as not found', async () => {
    expect(await call('withdrawals.approveBatch', { batchId: 'pay-19700101-nothing' })).toMatchObject({ ok: false, error: { kind: 'not_found' } });
  });

  it('of an unknown batch is refused in the window’s language at that moment', async () => {
    await value('locale.set', { language: 'de', formatLocale: null });
    try {
      expect(await call('withdrawals.approveBatch', { batchId: 'pay-19700101-nothing' })).toMatchObject({
        ok: false,
        error: { kind: 'not_found', message: 'Für dieses Profil gibt es keine Sammelauszahlung pay-19700101-nothing.' },
      });
    } finally {
      await value('locale.set', { language: null, formatLocale: null });
    }
    expect(await call('withdrawals.approveBatch', { batchId: 'pay-19700101-nothing' })).toMatchObject({ error: { message: 'There is no payout batch pay-19700101-nothing for this profile.' } });
  });
});
