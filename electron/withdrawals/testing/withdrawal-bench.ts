import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { clearKeychainService, uniqueKeychainService } from '../../../e2e/harness/keychain.ts';
import type { ProfileView } from '../../../shared/ipc/profile.ts';
import { createMainServices } from '../../app/main-services.ts';
import type { MainServices, MainServicesOptions } from '../../app/main-services.ts';
import { routerCalls } from '../../app/testing/router-calls.ts';
import { startSandbox } from '../../sandbox/index.ts';
import type { SandboxHandle } from '../../sandbox/index.ts';
import type { ConfirmRequest } from '../../platform/services/confirmation.ts';

export type WithdrawalBench = {
  /** The standalone sandbox, for its state. */
  readonly service: SandboxHandle;
  readonly services: MainServices;
  /** This test's data folder. */
  readonly dataDir: string;
  /** Every question main's dialog asked in this test. */
  readonly asked: ConfirmRequest[];
  /** Answers main's dialog: yes unless a test says otherwise (reset before each test). */
  person: (request: ConfirmRequest) => Promise<boolean>;
} & ReturnType<typeof routerCalls>;

/**
 * What a withdrawal handler test runs against: a standalone sandbox with one merchant for the file's
 * tests, and for each test fresh main-process services on a data folder of its own, with a profile
 * ("Live EU") on that sandbox selected. `extra` adds test-only options to the services.
 */
export function withdrawalBench(name: string, merchant: { key: string; secret: string }, seed: number, extra: Partial<MainServicesOptions> = {}): WithdrawalBench {
  const keychainService = uniqueKeychainService(name);
  let dataDir = '';
  const state = { service: undefined as unknown as SandboxHandle, services: undefined as unknown as MainServices };
  const bench = {
    get service() {
      return state.service;
    },
    get services() {
      return state.services;
    },
    get dataDir() {
      return dataDir;
    },
    asked: [] as ConfirmRequest[],
    person: async () => true,
    ...routerCalls(() => state.services),
  } as WithdrawalBench;
  beforeAll(async () => {
    state.service = await startSandbox({ merchants: [merchant], seed, rateLimit: false });
  });
  afterAll(async () => {
    await state.service?.close();
    await clearKeychainService(keychainService);
  });
  beforeEach(async () => {
    bench.asked.length = 0;
    bench.person = async () => true;
    dataDir = await mkdtemp(join(tmpdir(), `mc-${name}-`));
    state.services = await createMainServices({
      dataDir,
      keychainService,
      log: () => {},
      askPerson: (request) => {
        bench.asked.push(request);
        return bench.person(request);
      },
      ...extra,
    });
    const saved = await bench.value<ProfileView>('profiles.save', { name: 'Live EU', baseUrl: state.service.baseUrl, apiKey: merchant.key, secret: merchant.secret });
    await bench.value('profiles.select', { id: saved.id });
  });
  afterEach(async () => {
    await state.services.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  return bench;
}
