import { startSandbox } from '../../electron/sandbox/index.ts';

/**
 * The service side of trip-files.ts, in a process of its own so that the coverage of one trip holds
 * the console's files alone: the local sandbox, on loopback, with one merchant; it sends its base URL
 * and an example transaction's id over IPC and stops when its parent goes.
 */
const merchant = { key: 'trip-key', secret: 'trip-secret' };
const sandbox = await startSandbox({ merchants: [merchant], seed: 1, rateLimit: false });
process.send?.({ baseUrl: sandbox.baseUrl, transactionId: sandbox.state(merchant.key).transactions[0]?.id, ...merchant });
process.on('disconnect', () => void sandbox.close().then(() => process.exit(0)));
