import { createMainServices } from '../../app/main-services.ts';
import type { MainServices } from '../../app/main-services.ts';
import type { SubmissionStep } from '../../platform/journal/index.ts';

/** Dies here and now: the signal is delivered while this thread waits, so not one more line runs. */
function killSelf(): never {
  process.kill(process.pid, 'SIGKILL');
  for (;;) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
}

/** When a kill test's child dies: at a withdrawal's send claim, or at a step of a withdrawal's send. */
export type KillWhen = { claimed: () => boolean; reached: (step: SubmissionStep) => boolean };

/**
 * The real main-process services of a withdrawal kill test's child process, on its data folder and
 * keychain, saying yes to every dialog, and killed (SIGKILL: no clean-up of any kind) the moment
 * `killWhen` says so.
 */
export function servicesKilledWhen(dataDir: string, keychainService: string, killWhen: KillWhen): Promise<MainServices> {
  return createMainServices({
    dataDir,
    keychainService,
    log: () => {},
    askPerson: async () => true,
    withdrawalClaimed: () => {
      if (killWhen.claimed()) killSelf();
    },
    submissionStep: (reached, at) => {
      if (at.operation === 'withdrawals.approve' && killWhen.reached(reached)) killSelf();
    },
  });
}
