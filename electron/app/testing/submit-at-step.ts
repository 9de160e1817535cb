import { createMainServices } from '../main-services.ts';
import { isHookStep, OPERATIONS, STEPS, submit, useSandboxProfile } from './steps.ts';
import type { Operation, Step } from './steps.ts';

/**
 * A child process for the kill-at-every-step test (step-kills.test.ts): the real main-process
 * services on a data folder, a profile pointing at the parent's sandbox, and one submission that
 * kills its own process (SIGKILL: no clean-up of any kind) at the given step. At `on-the-wire` the
 * parent kills it while the sandbox holds the answer back.
 *   node submit-at-step.ts <dataDir> <keychainService> <baseUrl> <apiKey> <secret> <invoice|exchange> <foreignId> <step>
 */

const [dataDir, keychainService, baseUrl, apiKey, secret, operation, foreignId, step] = process.argv.slice(2);
if (!dataDir || !keychainService || !baseUrl || !apiKey || !secret || !foreignId) {
  console.error('usage: submit-at-step.ts <dataDir> <keychainService> <baseUrl> <apiKey> <secret> <invoice|exchange> <foreignId> <step>');
  process.exit(2);
}
if (!OPERATIONS.includes(operation as Operation) || !STEPS.includes(step as Step)) {
  console.error(`unknown operation or step: ${operation} ${step}`);
  process.exit(2);
}

/** Dies here and now: the signal is delivered while this thread waits, so not one more line runs. */
function killSelf(): never {
  process.kill(process.pid, 'SIGKILL');
  for (;;) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
}

const target = step as Step;
const services = await createMainServices({
  dataDir,
  keychainService,
  log: () => {},
  askPerson: async () => true,
  submissionStep: (reached, at) => {
    if (at.foreignId === foreignId && isHookStep(target) && reached === target) killSelf();
  },
});
await useSandboxProfile((channel, payload) => services.router.handle(channel, payload), baseUrl, { key: apiKey, secret });

console.log('submitting');
const answer = await submit((channel, payload) => services.router.handle(channel, payload), operation as Operation, foreignId);
// Reached only if no step killed this process.
console.log('answered', JSON.stringify(answer.ok));
await services.close();
