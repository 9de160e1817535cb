import { mkdtempSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it, vi } from 'vitest';
import type { PayoutBatch } from '../../shared/ipc/capabilities/withdrawals.ts';
import type { ConfirmRequest } from '../platform/services/confirmation.ts';
import { runUntilKilled } from '../app/testing/kill-child.ts';
import { killBench, resumedServices } from './testing/kill-bench.ts';
import { routerCalls } from '../app/testing/router-calls.ts';
import type { MainServices } from '../app/main-services.ts';
import { PAYOUT_KILL_STEPS } from './testing/withdrawal-steps.ts';

/**
 * A payout batch of 5 rows killed halfway (SIGKILL at row 3's send: once claimed and before it
 * left, once after it reached the service), restarted on the same data folder and keychain, and
 * approved again: the service receives every row exactly once, and no row is skipped silently. The
 * batch says after the restart which rows were sent, which are unknown and which wait. A relay in
 * front of the sandbox counts every request that reached it.
 */

const MERCHANT = { key: 'pay-kill-key', secret: 'pay-kill-secret' };
const CHILD = resolve(import.meta.dirname, 'testing/payout-at-step.ts');
const ROWS = 5;
const KILL_AT = 3;
const bench = killBench('payout-kills', MERCHANT, 37);

const recordsAt = (foreignId: string) => bench.sandbox.state(MERCHANT.key).transactions.filter((t) => t.kind === 'withdrawal' && t.foreign_id === foreignId).length;

/** The batch's foreign ids in row order, as another process reads the file. */
function foreignIdsOf(dataDir: string, batchId: string): string[] {
  const db = new DatabaseSync(join(dataDir, 'journal.sqlite'), { readOnly: true });
  try {
    return (db.prepare('SELECT foreign_id FROM withdrawal_drafts WHERE batch_id = ? ORDER BY id').all(batchId) as Array<{ foreign_id: string }>).map((row) => row.foreign_id);
  } finally {
    db.close();
  }
}

describe('a payout batch killed halfway and resumed sends every row exactly once', () => {
  for (const step of PAYOUT_KILL_STEPS) {
    it(`killed at row ${KILL_AT}'s ${step === 'claimed' ? 'send claim, before it left' : 'answer, after it reached the service'}`, { timeout: 90_000 }, async () => {
      const dataDir = mkdtempSync(join(bench.root, `${step}-`));
      const output = await runUntilKilled([CHILD, dataDir, bench.keychainService, bench.relay.baseUrl, MERCHANT.key, MERCHANT.secret, String(ROWS), String(KILL_AT), step]);
      expect(output).not.toContain('finished');
      const batchId = /batch (\S+)/.exec(output)?.[1] as string;
      expect(batchId, output).toBeDefined();
      const foreignIds = foreignIdsOf(dataDir, batchId);
      expect(foreignIds).toHaveLength(ROWS);
      const reachedRow3 = step === 'answered' ? 1 : 0;
      expect(foreignIds.map((id) => bench.relay.sends(id))).toEqual([1, 1, reachedRow3, 0, 0]);

      const asked: ConfirmRequest[] = [];
      const services: MainServices = await resumedServices(dataDir, bench.keychainService, asked);
      const { value } = routerCalls(() => services);
      const batch = async () => (await value<{ batch: PayoutBatch }>('withdrawals.batch', { batchId })).batch;
      try {
        // After the restart: which rows were sent, which are unknown, which wait; none left out.
        const row3 = step === 'answered' ? 'unknown' : 'waiting';
        expect((await batch()).rows.map((r) => r.state)).toEqual(['sent', 'sent', row3, 'waiting', 'waiting']);

        await value('withdrawals.approveBatch', { batchId });
        expect(asked.map((a) => a.message)).toEqual([`Send ${step === 'answered' ? 2 : 3} withdrawal(s) of batch ${batchId}: ${step === 'answered' ? '0.0009' : '0.0012'} BTC?`]);
        let done: PayoutBatch | undefined;
        await vi.waitFor(
          async () => {
            done = await batch();
            expect(done.sending).toBe(false);
          },
          { timeout: 20_000, interval: 50 },
        );
        // Row 3 that may have left is never sent again: unknown, for a lookup by its foreign id.
        expect(done?.rows.map((r) => r.state)).toEqual(['sent', 'sent', step === 'answered' ? 'unknown' : 'sent', 'sent', 'sent']);
      } finally {
        await services.close();
      }
      // Exactly once at the service, whatever the kill cut off.
      expect(foreignIds.map((id) => bench.relay.sends(id))).toEqual([1, 1, 1, 1, 1]);
      expect(foreignIds.map(recordsAt)).toEqual([1, 1, 1, 1, 1]);
    });
  }
});
