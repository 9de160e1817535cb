import { resolve } from 'node:path';
import { expect, vi } from 'vitest';
import type { PayoutBatch, WithdrawalDraft } from '../../../shared/ipc/capabilities/withdrawals.ts';
import { runUntilKilled } from '../../app/testing/kill-child.ts';
import { routerCalls } from '../../app/testing/router-calls.ts';
import type { ConfirmRequest } from '../../platform/services/confirmation.ts';
import { resumedServices } from './kill-bench.ts';
import type { KillBench } from './kill-bench.ts';

const SENDER = resolve(import.meta.dirname, 'payout-sender.ts');

/** The row whose answer the relay holds back while the parent kills the sender: the third. */
export const KILLED_ROW = 3;

export type SenderDesktop = { dataDir: string; keychainService: string };

/**
 * A payout batch of 5 drafted rows, sent by main's batch sender in a child process
 * (testing/payout-sender.ts) over HTTP through the bench's relay to its sandbox, and killed with
 * SIGKILL from outside once rows 1 and 2 were sent and row 3 reached the service, its answer held
 * back on the wire. Then resumed in this process on the same data folder and keychain: the batch
 * says what became of each row, approving it again sends rows 4 and 5, and row 3, whose outcome is
 * unknown, is checked with the service and found sent. No row is paid twice and none is skipped
 * silently: the sandbox's record of withdrawals and the relay's count are the judges.
 */
export async function killMidBatchAndResume(bench: KillBench, merchantKey: string, sender: SenderDesktop, batchId: string, foreignIds: readonly string[]): Promise<void> {
  expect(foreignIds).toHaveLength(5);
  const recordsAt = (foreignId: string) => bench.sandbox.state(merchantKey).transactions.filter((t) => t.kind === 'withdrawal' && t.foreign_id === foreignId).length;
  const held = bench.relay.holdAnswer(foreignIds[KILLED_ROW - 1] as string);
  let output: string;
  try {
    output = await runUntilKilled([SENDER, sender.dataDir, sender.keychainService, batchId], () => held.answered);
  } finally {
    held.release();
  }
  expect(output).toContain('approved');
  expect(output).not.toContain('finished');
  expect(foreignIds.map((id) => bench.relay.sends(id))).toEqual([1, 1, 1, 0, 0]);

  const asked: ConfirmRequest[] = [];
  const services = await resumedServices(sender.dataDir, sender.keychainService, asked);
  const { value } = routerCalls(() => services);
  const batch = async () => (await value<{ batch: PayoutBatch }>('withdrawals.batch', { batchId })).batch;
  const states = async () => (await batch()).rows.map((r) => r.state);
  try {
    // In the new process: which rows were sent, which may have left, which wait; none left out.
    expect(await states()).toEqual(['sent', 'sent', 'unknown', 'waiting', 'waiting']);
    await value('withdrawals.approveBatch', { batchId });
    expect(asked.map((a) => a.message)).toEqual([`Send 2 withdrawal(s) of batch ${batchId}: 0.0009 BTC?`]);
    await vi.waitFor(async () => expect((await batch()).sending).toBe(false), { timeout: 20_000, interval: 50 });
    expect(await states()).toEqual(['sent', 'sent', 'unknown', 'sent', 'sent']);

    // Row 3 may have left: never sent again, but checked with the service by its foreign id.
    const row = (await batch()).rows[KILLED_ROW - 1];
    const checked = await value<{ finding: string; draft: WithdrawalDraft }>('withdrawals.check', { draftId: row?.draftId });
    expect(checked).toMatchObject({ finding: 'sent', draft: { checks: [{ outcome: 'sent' }] } });
    expect(await states()).toEqual(['sent', 'sent', 'sent', 'sent', 'sent']);
    // Approving the batch again has nothing left to send.
    asked.length = 0;
    await value('withdrawals.approveBatch', { batchId });
    expect(asked).toHaveLength(0);
  } finally {
    await services.close();
  }
  // Exactly once at the service, whatever the kill cut off.
  expect(foreignIds.map((id) => bench.relay.sends(id))).toEqual([1, 1, 1, 1, 1]);
  expect(foreignIds.map(recordsAt)).toEqual([1, 1, 1, 1, 1]);
}
