import { useSandboxProfile } from '../../app/testing/steps.ts';
import { servicesKilledWhen } from './killed-services.ts';
import { PAYOUT_FILE, PAYOUT_PARTIES } from './payout-file.ts';
import { PAYOUT_KILL_STEPS } from './withdrawal-steps.ts';
import type { PayoutKillStep } from './withdrawal-steps.ts';

/**
 * A child process for the kill test of payouts in bulk (payout-kills.test.ts): the real main-process
 * services on a data folder, a profile pointing at the parent's sandbox, withdrawing alone on, a
 * payout file of `rows` rows imported and approved, and this process killed (SIGKILL: no clean-up of
 * any kind) at the given step of row `killAt`'s send. Prints the batch id before approving.
 *   node payout-at-step.ts <dataDir> <keychainService> <baseUrl> <apiKey> <secret> <rows> <killAt> <step>
 */

const [dataDir, keychainService, baseUrl, apiKey, secret, rowsText, killAtText, step] = process.argv.slice(2);
const rows = Number(rowsText);
const killAt = Number(killAtText);
if (!dataDir || !keychainService || !baseUrl || !apiKey || !secret || !(rows >= 1) || !(killAt >= 1) || !PAYOUT_KILL_STEPS.includes(step as PayoutKillStep)) {
  console.error('usage: payout-at-step.ts <dataDir> <keychainService> <baseUrl> <apiKey> <secret> <rows> <killAt> <step>');
  process.exit(2);
}

let claims = 0;
let reached = 0;
// The stated rate is the services' own: the test waits it out (5 rows: about 4 s).
const services = await servicesKilledWhen(dataDir, keychainService, {
  claimed: () => step === 'claimed' && ++claims === killAt,
  reached: (at) => at === step && ++reached === killAt,
});
const handle = (channel: string, payload: unknown) => services.router.handle(channel, payload);
await useSandboxProfile(handle, baseUrl, { key: apiKey, secret });
await handle('withdrawals.setAlone', { on: true });
const imported = await handle('withdrawals.importBatch', { csv: PAYOUT_FILE(rows), ...PAYOUT_PARTIES });
if (!imported.ok) throw new Error(`import: ${imported.error.message}`);
const { batch } = imported.value as { batch: { batchId: string } };
console.log(`batch ${batch.batchId}`);
const approved = await handle('withdrawals.approveBatch', { batchId: batch.batchId });
if (!approved.ok) throw new Error(`approve: ${approved.error.message}`);
for (;;) {
  const state = await handle('withdrawals.batch', { batchId: batch.batchId });
  if (state.ok && !(state.value as { batch: { sending: boolean } }).batch.sending) break;
  await new Promise((done) => setTimeout(done, 50));
}
// Reached only if no step killed this process.
console.log('finished');
await services.close();
