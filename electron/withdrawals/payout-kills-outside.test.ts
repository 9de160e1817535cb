import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import type { PayoutBatch } from '../../shared/ipc/capabilities/withdrawals.ts';
import { createMainServices } from '../app/main-services.ts';
import { useSandboxProfile } from '../app/testing/steps.ts';
import { killBench } from './testing/kill-bench.ts';
import { killMidBatchAndResume } from './testing/payout-kill-outside.ts';
import { PAYOUT_FILE, PAYOUT_PARTIES } from './testing/payout-file.ts';

/**
 * Payouts in bulk on a desktop's own journal, killed from outside in the middle of sending (SIGKILL
 * to the child process sending the batch, with row 3's answer on the wire) and resumed in a new
 * process: every row paid exactly once (testing/payout-kill-outside.ts). payout-kills.pg.test.ts
 * does the same on a team journal.
 */

const MERCHANT = { key: 'pay-outside-key', secret: 'pay-outside-secret' };
const bench = killBench('payout-kills-outside', MERCHANT, 43);

describe('a payout batch on a desktop’s own journal', () => {
  it('killed from outside while row 3 is on the wire, resumed in a new process: every row paid once', { timeout: 90_000 }, async () => {
    const dataDir = mkdtempSync(join(bench.root, 'sender-'));
    const services = await createMainServices({ dataDir, keychainService: bench.keychainService, log: () => {}, askPerson: async () => true });
    const handle = (channel: string, payload: unknown) => services.router.handle(channel, payload);
    let batch: PayoutBatch;
    try {
      await useSandboxProfile(handle, bench.relay.baseUrl, MERCHANT);
      await handle('withdrawals.setAlone', { on: true });
      const imported = await handle('withdrawals.importBatch', { csv: PAYOUT_FILE(5), ...PAYOUT_PARTIES });
      if (!imported.ok) throw new Error(imported.error.message);
      batch = (imported.value as { batch: PayoutBatch }).batch;
    } finally {
      await services.close();
    }
    await killMidBatchAndResume(bench, MERCHANT.key, { dataDir, keychainService: bench.keychainService }, batch.batchId, batch.rows.map((r) => r.foreignId));
  });
});
