import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { openReceiverStore, startReceiver } from '../outcomes/index.ts';
import type { Log, Receiver, ReceiverAccess } from '../outcomes/index.ts';
import type { StartSandbox } from '../platform/services/index.ts';
import type { RouterLog } from '../platform/router/index.ts';

/**
 * The whole callback loop on the built-in sandbox, with no account: the app runs a receiver for its
 * Local sandbox in this process (the same code as `npm run receiver`, on loopback, its events in
 * the data folder), and the sandbox posts its signed callbacks there, as the service posts them to
 * the merchant's receiver. The desktop then reads them as it reads any receiver's (outcomes/).
 */

export const LOCAL_CALLBACKS_FILE = join('local-sandbox', 'callbacks.sqlite');

export type LocalCallbacks = {
  /** Starts the sandbox with a receiver of its own beside it; both stop together. */
  start: StartSandbox;
  /** The running receiver's address and the credentials a read is signed with; null while the sandbox is stopped. */
  access(): ReceiverAccess | null;
};

export function localCallbacks(options: { dataDir: string; start: StartSandbox; log: RouterLog }): LocalCallbacks {
  let running: { receiver: Receiver; key: string; secret: string } | null = null;
  // Refusals and failures reach main's log; the per-callback lines a public receiver writes do not.
  const log: Log = (level, message, fields) => {
    if (level !== 'info') options.log(`local callback receiver: ${message}`, fields ?? {});
  };
  const start: StartSandbox = async (sandboxOptions) => {
    const merchants = (sandboxOptions?.merchants ?? []).map((m) => ({ key: m.key, secret: m.secret, account: m.key }));
    const [merchant] = merchants;
    if (merchant === undefined) return options.start(sandboxOptions);
    await mkdir(join(options.dataDir, 'local-sandbox'), { recursive: true });
    const store = await openReceiverStore(`sqlite:${join(options.dataDir, LOCAL_CALLBACKS_FILE)}`, { env: {} });
    const receiver = await startReceiver({ merchants, store, log, host: '127.0.0.1', port: 0 });
    let handle;
    try {
      handle = await options.start({ ...sandboxOptions, callbacks: { url: `${receiver.url}/callbacks` } });
    } catch (error) {
      await receiver.close();
      await store.close();
      throw error;
    }
    running = { receiver, key: merchant.key, secret: merchant.secret };
    const closeSandbox = handle.close;
    handle.close = async () => {
      running = null;
      await closeSandbox();
      await receiver.close();
      await store.close();
    };
    return handle;
  };
  return {
    start,
    access: () => (running === null ? null : { url: running.receiver.url, key: running.key, secret: running.secret }),
  };
}
