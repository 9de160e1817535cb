import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it, vi } from 'vitest';
import { createMainServices } from './main-services.ts';
import { runUntilKilled } from './testing/kill-child.ts';
import { JOURNALED, OPERATIONS, retryAnswer, SANDBOX_PATH, STEPS, submit } from './testing/steps.ts';
import type { Operation, Step } from './testing/steps.ts';
import { expectNoSecondSend, useStepWorld } from './testing/step-world.ts';

/**
 * Killed at any step between begin and finish, the app must never send a submission twice. For each step and each money-moving operation, a real child process submits and is killed
 * with SIGKILL at that step (testing/submit-at-step.ts). The app then starts again on the same data
 * folder and keychain, against the same real sandbox, and retries the same foreign id. A relay in
 * front of the sandbox counts every request that reached it.
 */

const MERCHANT = { key: 'kill-key', secret: 'kill-secret' };
const CHILD = resolve(import.meta.dirname, 'testing/submit-at-step.ts');
const world = useStepWorld('step-kills', MERCHANT, 12);
const { keychainService } = world;

/** The journal's tries under a foreign id, as another process reads the file. */
function triesIn(dataDir: string, foreignId: string): Array<{ state: string; sent_at: string | null }> {
  const db = new DatabaseSync(join(dataDir, 'journal.sqlite'), { readOnly: true });
  try {
    return db.prepare('SELECT state, sent_at FROM entries WHERE foreign_id = ? ORDER BY id').all(foreignId) as Array<{ state: string; sent_at: string | null }>;
  } finally {
    db.close();
  }
}

/** Runs the child until it dies at `step`; at `on-the-wire`, kills it once the sandbox holds the request. */
async function killAt(dataDir: string, operation: Operation, foreignId: string, step: Step): Promise<string> {
  const sb = world.sandbox();
  if (step === 'on-the-wire') sb.setFault(SANDBOX_PATH[operation], { kind: 'latency', ms: 60_000, after: true });
  const args = [CHILD, dataDir, keychainService, world.relay().baseUrl, MERCHANT.key, MERCHANT.secret, operation, foreignId, step];
  let output: string;
  try {
    const held = () => vi.waitFor(() => expect(world.recordsAt(operation, foreignId)).toBe(1), { timeout: 20_000, interval: 50 });
    output = await runUntilKilled(args, step === 'on-the-wire' ? held : undefined);
  } finally {
    sb.clearFaults();
  }
  expect(output).toContain('submitting');
  expect(output).not.toContain('answered');
  return output;
}

describe('a kill at every step between begin and finish never leads to a second send', () => {
  for (const operation of OPERATIONS) {
    for (const step of STEPS) {
      it(`${operation}: killed at ${step}, restarted, retried with the same foreign id`, { timeout: 60_000 }, async () => {
        const dataDir = world.dataDir(`${operation}-${step}-`);
        const foreignId = `kill-${operation}-${step}`;
        await killAt(dataDir, operation, foreignId, step);
        expect(world.relay().sends(foreignId)).toBe(step === 'begun' || step === 'marked-sent' ? 0 : 1);

        // The next start of the app, on the same data folder and keychain.
        const services = await createMainServices({ dataDir, keychainService, log: () => {}, askPerson: async () => true });
        try {
          expect(triesIn(dataDir, foreignId)).toEqual([{ state: JOURNALED[step], sent_at: step === 'begun' ? null : expect.any(String) }]);

          const retried = await submit((channel, payload) => services.router.handle(channel, payload), operation, foreignId);
          const expected = retryAnswer(operation, step);
          if (expected === 'created') expect(retried, JSON.stringify(retried)).toMatchObject({ ok: true });
          if (expected === 'refused by the service') {
            expect(retried).toMatchObject({ ok: false, error: { kind: 'validation', message: expect.stringMatching(/no second one was made/) } });
          }
          if (expected === 'refused by main') {
            expect(retried).toMatchObject({ ok: false, error: { message: expect.stringContaining(`${foreignId} was already sent`) } });
          }
        } finally {
          await services.close();
        }
        expectNoSecondSend(world, operation, step, foreignId);
      });
    }
  }
});
