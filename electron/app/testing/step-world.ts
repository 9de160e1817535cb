import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { clearKeychainService, uniqueKeychainService } from '../../../e2e/harness/keychain.ts';
import type { SandboxHandle } from '../../sandbox/index.ts';
import { startSandbox } from '../../sandbox/index.ts';
import { startCountingRelay } from './counting-relay.ts';
import type { CountingRelay } from './counting-relay.ts';
import { recordsAfterRetry, sendsAfterRetry } from './steps.ts';
import type { Operation, Step } from './steps.ts';

/**
 * What the kill-at-every-step and throw-at-every-step tests stand on: a real sandbox, a
 * counting relay in front of it, a private keychain service and a folder for the data folders,
 * made before the file's tests and removed after them. Shared so both judge "a second send" the
 * same way.
 */

export interface StepWorld {
  readonly merchant: { key: string; secret: string };
  readonly keychainService: string;
  /** A new data folder under the world's root, one per test. */
  dataDir(prefix: string): string;
  sandbox(): SandboxHandle;
  relay(): CountingRelay;
  /** How many records the sandbox holds under this foreign id. */
  recordsAt(operation: Operation, foreignId: string): number;
}

/** Registers the world's beforeAll/afterAll in the calling test file. */
export function useStepWorld(name: string, merchant: { key: string; secret: string }, seed: number): StepWorld {
  const keychainService = uniqueKeychainService(name);
  let root: string | undefined;
  let sb: SandboxHandle | undefined;
  let relay: CountingRelay | undefined;
  const ready = <T>(part: T | undefined): T => {
    if (part === undefined) throw new Error(`${name}: the step world is used before its beforeAll ran`);
    return part;
  };

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), `${name}-`));
    sb = await startSandbox({ merchants: [merchant], seed, rateLimit: false });
    relay = await startCountingRelay(sb.baseUrl);
  });
  afterAll(async () => {
    await relay?.close();
    await sb?.close();
    await clearKeychainService(keychainService);
    if (root) rmSync(root, { recursive: true, force: true });
  });

  return {
    merchant,
    keychainService,
    dataDir: (prefix) => mkdtempSync(join(ready(root), prefix)),
    sandbox: () => ready(sb),
    relay: () => ready(relay),
    recordsAt(operation, foreignId) {
      const state = ready(sb).state(merchant.key);
      return (operation === 'invoice' ? state.invoices : state.exchanges).filter((record) => record.foreign_id === foreignId).length;
    },
  };
}

/** After the retry: the sandbox holds at most one record and the relay saw no second exchange sent. */
export function expectNoSecondSend(world: StepWorld, operation: Operation, step: Step, foreignId: string): void {
  expect(world.recordsAt(operation, foreignId)).toBe(recordsAfterRetry(operation, step));
  expect(world.recordsAt(operation, foreignId)).toBeLessThanOrEqual(1);
  expect(world.relay().sends(foreignId)).toBe(sendsAfterRetry(operation, step));
  if (operation === 'exchange') expect(world.relay().sends(foreignId)).toBeLessThanOrEqual(1);
}
