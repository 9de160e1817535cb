import { parseArgs } from 'node:util';
import { DEFAULT_MAX_BODY_BYTES, jsonLinesLog, loadMerchants, openReceiverStore, startReceiver } from './index.ts';
import { DEFAULT_STORE } from './open-store.ts';
import { errorText } from './log.ts';

/**
 * Runs the callback receiver in the foreground (docs/receiver.md):
 *   npm run receiver -- --port PORT --merchants FILE [--store sqlite:PATH | --store postgres://USER@HOST:PORT/DB]
 *        [--host 127.0.0.1] [--pg-password-file FILE] [--max-body-bytes N]
 * Secrets never come from here: the merchants' from FILE or MC_RECEIVER_MERCHANTS, PostgreSQL's
 * from PGPASSWORD or --pg-password-file. Logs are JSON lines on stdout. Stops on SIGINT or SIGTERM.
 */

const USAGE =
  'Usage: npm run receiver -- --port PORT --merchants FILE [--store sqlite:PATH | --store postgres://USER@HOST:PORT/DB] [--host 127.0.0.1] [--pg-password-file FILE] [--max-body-bytes N]';

const log = jsonLinesLog();

function fail(message: string): never {
  log('error', 'receiver not started', { error: message });
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        port: { type: 'string' },
        host: { type: 'string', default: '127.0.0.1' },
        merchants: { type: 'string' },
        store: { type: 'string', default: DEFAULT_STORE },
        'pg-password-file': { type: 'string' },
        'max-body-bytes': { type: 'string', default: String(DEFAULT_MAX_BODY_BYTES) },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    return fail((error as Error).message);
  }
})();

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

if (values.port === undefined) fail('Give the port to listen on: --port PORT');
const port = Number(values.port);
if (!/^\d{1,5}$/.test(values.port) || port > 65535) fail(`Not a port: ${values.port}`);
const maxBodyBytes = Number(values['max-body-bytes']);
if (!/^\d{1,9}$/.test(values['max-body-bytes']) || maxBodyBytes < 1024) fail('--max-body-bytes takes a whole number of bytes, 1024 or more');

let merchants;
let store;
try {
  merchants = loadMerchants(values.merchants, process.env);
  store = await openReceiverStore(values.store, { ...(values['pg-password-file'] === undefined ? {} : { passwordFile: values['pg-password-file'] }), env: process.env });
} catch (error) {
  fail(errorText(error));
}

const receiver = await startReceiver({ merchants, store, log, host: values.host, port, maxBodyBytes }).catch((error: unknown) => fail(errorText(error)));
log('info', 'listening', { url: receiver.url, store: store.description, keys: merchants.length, max_body_bytes: maxBodyBytes });

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  log('info', 'stopping', { signal });
  receiver
    .close()
    .then(() => store.close())
    .then(
      () => process.exit(0),
      () => process.exit(1),
    );
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
