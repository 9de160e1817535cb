import { mkdtempSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it, vi } from 'vitest';
import { createMainServices } from '../app/main-services.ts';
import { runUntilKilled } from '../app/testing/kill-child.ts';
import { killBench } from './testing/kill-bench.ts';
import { REACHED_AT, TRIES_AFTER_KILL, WITHDRAWAL_PATH, WITHDRAWAL_STEPS } from './testing/withdrawal-steps.ts';
import type { WithdrawalStep } from './testing/withdrawal-steps.ts';

/**
 * Killed at any step between an approval's send claim and the service's answer, main never sends a
 * withdrawal twice. For each step, a real child process drafts and approves a withdrawal and is killed
 * with SIGKILL there (testing/approve-at-step.ts). The app then starts again on the same data folder
 * and keychain, and is asked to approve the same draft again: it sends the drafted text if no try
 * under its foreign id may have left, and refuses otherwise. A relay in front of the sandbox counts
 * every request that reached it.
 */

const MERCHANT = { key: 'wd-kill-key', secret: 'wd-kill-secret' };
const CHILD = resolve(import.meta.dirname, 'testing/approve-at-step.ts');
const bench = killBench('withdrawal-kills', MERCHANT, 31);

const recordsAt = (foreignId: string) => bench.sandbox.state(MERCHANT.key).transactions.filter((t) => t.kind === 'withdrawal' && t.foreign_id === foreignId).length;

/** The draft the child made, and the journal's tries under its foreign id, as another process reads the file. */
function readBack(dataDir: string): { draftId: number; foreignId: string; tries: string[] } {
  const db = new DatabaseSync(join(dataDir, 'journal.sqlite'), { readOnly: true });
  try {
    const draft = db.prepare('SELECT id, foreign_id FROM withdrawal_drafts ORDER BY id DESC LIMIT 1').get() as { id: number; foreign_id: string };
    const tries = db.prepare("SELECT state FROM entries WHERE operation = 'withdrawals.approve' AND foreign_id = ? ORDER BY id").all(draft.foreign_id) as Array<{ state: string }>;
    return { draftId: Number(draft.id), foreignId: draft.foreign_id, tries: tries.map((t) => t.state) };
  } finally {
    db.close();
  }
}

async function killAt(dataDir: string, step: WithdrawalStep): Promise<void> {
  const withdrawals = () => bench.sandbox.state(MERCHANT.key).transactions.filter((t) => t.kind === 'withdrawal').length;
  const before = withdrawals();
  if (step === 'on-the-wire') bench.sandbox.setFault(WITHDRAWAL_PATH, { kind: 'latency', ms: 60_000, after: true });
  const args = [CHILD, dataDir, bench.keychainService, bench.relay.baseUrl, MERCHANT.key, MERCHANT.secret, step];
  let output: string;
  try {
    const held = () => vi.waitFor(() => expect(withdrawals()).toBe(before + 1), { timeout: 20_000, interval: 50 });
    output = await runUntilKilled(args, step === 'on-the-wire' ? held : undefined);
  } finally {
    bench.sandbox.clearFaults();
  }
  expect(output).toContain('approving');
  expect(output).not.toContain('answered');
}

describe('a kill at every step between a withdrawal’s send claim and its answer never sends it twice', () => {
  for (const step of WITHDRAWAL_STEPS) {
    it(`killed at ${step}, restarted, approved again`, { timeout: 60_000 }, async () => {
      const dataDir = mkdtempSync(join(bench.root, `${step}-`));
      await killAt(dataDir, step);
      const { draftId, foreignId, tries } = readBack(dataDir);
      expect(bench.relay.sends(foreignId)).toBe(REACHED_AT[step] ? 1 : 0);
      // The file as the kill left it: a pending entry is still pending until the next start.
      expect(tries.length).toBe(step === 'claimed' ? 0 : 1);

      const services = await createMainServices({ dataDir, keychainService: bench.keychainService, log: () => {}, askPerson: async () => true });
      try {
        expect(readBack(dataDir).tries).toEqual(TRIES_AFTER_KILL[step]);
        const again = await services.router.handle('withdrawals.approve', { draftId });
        if (step === 'claimed' || step === 'begun') expect(again, JSON.stringify(again)).toMatchObject({ ok: true, value: { sent: { status: 'processing' } } });
        else expect(again).toMatchObject({ ok: false, error: { kind: 'already_sent', foreignId } });
      } finally {
        await services.close();
      }
      // Sent once: before the kill, or by the approval after it when no try could have left; never twice.
      const once = REACHED_AT[step] || step === 'claimed' || step === 'begun' ? 1 : 0;
      expect(recordsAt(foreignId)).toBe(once);
      expect(bench.relay.sends(foreignId)).toBe(once);
    });
  }
});
