import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { clearKeychainService, uniqueKeychainService } from '../../../e2e/harness/keychain.ts';
import { createMainServices } from '../../app/main-services.ts';
import type { MainServices } from '../../app/main-services.ts';
import { startCountingRelay } from '../../app/testing/counting-relay.ts';
import type { ConfirmRequest } from '../../platform/services/confirmation.ts';
import type { CountingRelay } from '../../app/testing/counting-relay.ts';
import { startSandbox } from '../../sandbox/index.ts';
import type { SandboxHandle } from '../../sandbox/index.ts';

export type KillBench = { root: string; sandbox: SandboxHandle; relay: CountingRelay; keychainService: string };

/**
 * What a withdrawal kill test runs against, started before its tests and stopped after them: a
 * sandbox with one merchant, a relay in front of it that counts every request that reached it, a
 * keychain service of its own and a folder for the data folders. Read its fields inside a test.
 */
export function killBench(name: string, merchant: { key: string; secret: string }, seed: number): KillBench {
  const bench = { keychainService: uniqueKeychainService(name) } as KillBench;
  beforeAll(async () => {
    bench.root = mkdtempSync(join(tmpdir(), `${name}-`));
    bench.sandbox = await startSandbox({ merchants: [merchant], seed, rateLimit: false });
    bench.relay = await startCountingRelay(bench.sandbox.baseUrl);
  });
  afterAll(async () => {
    await bench.relay?.close();
    await bench.sandbox?.close();
    await clearKeychainService(bench.keychainService);
    if (bench.root) rmSync(bench.root, { recursive: true, force: true });
  });
  return bench;
}

/**
 * Main's services started again on a killed child's data folder and keychain, in this process:
 * saying yes to every dialog, each question kept in `asked`, and a batch's rows sent without the
 * pause between them (its rate is the child's to keep).
 */
export function resumedServices(dataDir: string, keychainService: string, asked: ConfirmRequest[]): Promise<MainServices> {
  return createMainServices({
    dataDir,
    keychainService,
    log: () => {},
    askPerson: async (request) => {
      asked.push(request);
      return true;
    },
    payoutPause: async () => {},
  });
}
