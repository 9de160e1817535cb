import { useSandboxProfile } from '../../app/testing/steps.ts';
import { servicesKilledWhen } from './killed-services.ts';
import { WITHDRAWAL_FORM, WITHDRAWAL_STEPS } from './withdrawal-steps.ts';
import type { WithdrawalStep } from './withdrawal-steps.ts';

/**
 * A child process for the kill-at-every-step test of withdrawals (withdrawal-kills.test.ts): the
 * real main-process services on a data folder, a profile pointing at the parent's sandbox, withdrawing
 * alone on, one draft and its approval, which kills this process (SIGKILL: no clean-up of any kind)
 * at the given step. At `on-the-wire` the parent kills it while the sandbox holds the answer back.
 *   node approve-at-step.ts <dataDir> <keychainService> <baseUrl> <apiKey> <secret> <step>
 */

const [dataDir, keychainService, baseUrl, apiKey, secret, step] = process.argv.slice(2);
if (!dataDir || !keychainService || !baseUrl || !apiKey || !secret || !WITHDRAWAL_STEPS.includes(step as WithdrawalStep)) {
  console.error('usage: approve-at-step.ts <dataDir> <keychainService> <baseUrl> <apiKey> <secret> <step>');
  process.exit(2);
}

const services = await servicesKilledWhen(dataDir, keychainService, { claimed: () => step === 'claimed', reached: (at) => at === step });
const handle = (channel: string, payload: unknown) => services.router.handle(channel, payload);
await useSandboxProfile(handle, baseUrl, { key: apiKey, secret });
await handle('withdrawals.setAlone', { on: true });
const drafted = await handle('withdrawals.draft', WITHDRAWAL_FORM);
if (!drafted.ok) throw new Error(`draft: ${drafted.error.message}`);
const { draft } = drafted.value as { draft: { id: number } };

console.log('approving');
const answer = await handle('withdrawals.approve', { draftId: draft.id });
// Reached only if no step killed this process.
console.log('answered', JSON.stringify(answer.ok));
await services.close();
