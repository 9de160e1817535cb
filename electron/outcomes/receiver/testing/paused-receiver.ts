import { jsonLinesLog, loadMerchants, openReceiverStore, startReceiver } from '../index.ts';

/**
 * A receiver, as its own process, that stops after storing its first event and before it answers:
 * for a test to SIGKILL it there (the commit done, the 200 never sent). Its store is argv[2], its
 * merchants come from MC_RECEIVER_MERCHANTS.
 */
const log = jsonLinesLog();
const store = await openReceiverStore(process.argv[2] ?? '', { env: process.env });
const receiver = await startReceiver({
  merchants: loadMerchants(undefined, process.env),
  store,
  log,
  afterStore: () => {
    log('info', 'stored, holding the answer');
    return new Promise<void>(() => {});
  },
});
log('info', 'listening', { url: receiver.url });
