import { createMainServices } from '../../app/main-services.ts';

/**
 * A child process for the kill tests of payouts in bulk from outside (payout-kills-outside.test.ts,
 * payout-kills.pg.test.ts): main's real services on a data folder the parent prepared (its profile
 * selected, on a desktop's own journal or a team journal), saying yes to every dialog, approving a
 * drafted batch and sending its rows at the stated rate, one a second, over HTTP. Nothing in here
 * kills it: the parent sends SIGKILL when it chooses. Prints "approved", then "finished" if it lives.
 *   node payout-sender.ts <dataDir> <keychainService> <batchId>
 */

const [dataDir, keychainService, batchId] = process.argv.slice(2);
if (!dataDir || !keychainService || !batchId) {
  console.error('usage: payout-sender.ts <dataDir> <keychainService> <batchId>');
  process.exit(2);
}

const services = await createMainServices({ dataDir, keychainService, log: () => {}, askPerson: async () => true });
const handle = (channel: string, payload: unknown) => services.router.handle(channel, payload);
const approved = await handle('withdrawals.approveBatch', { batchId });
if (!approved.ok) throw new Error(`approve: ${approved.error.message}`);
console.log('approved');
for (;;) {
  const state = await handle('withdrawals.batch', { batchId });
  if (state.ok && !(state.value as { batch: { sending: boolean } }).batch.sending) break;
  await new Promise((done) => setTimeout(done, 50));
}
console.log('finished');
await services.close();
