import { parseArgs } from 'node:util';
import { DEFAULT_MAX_BODY_BYTES, jsonLinesLog, loadMerchants, openReceiverStore, startReceiver } from './index.ts';
import { othersMayRead } from './merchants.ts';
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

/** What the command line asks for, read and checked; throws with the problem in words. */
function readCommandLine() {
  const { values } = parseArgs({
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
  const { port, 'max-body-bytes': maxBody } = values;
  if (!values.help && port === undefined) throw new Error('Give the port to listen on: --port PORT');
  if (port !== undefined && (!/^\d{1,5}$/.test(port) || Number(port) > 65535)) throw new Error(`Not a port: ${port}`);
  if (!/^\d{1,9}$/.test(maxBody) || Number(maxBody) < 1024) throw new Error('--max-body-bytes takes a whole number of bytes, 1024 or more');
  return { ...values, port: Number(port), maxBodyBytes: Number(maxBody) };
}

let options;
let merchants;
let store;
try {
  options = readCommandLine();
  if (options.help) {
    console.log(USAGE);
    process.exit(0);
  }
  merchants = loadMerchants(options.merchants, process.env);
  const passwordFile = options['pg-password-file'];
  store = await openReceiverStore(options.store, { ...(passwordFile === undefined ? {} : { passwordFile }), env: process.env });
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const { host, port, maxBodyBytes } = options;
for (const file of [options.merchants, options['pg-password-file']]) {
  if (file !== undefined && othersMayRead(file)) log('warn', 'a file of secrets is readable by other users', { file, fix: `chmod 600 ${file}` });
}

const receiver = await startReceiver({ merchants, store, log, host, port, maxBodyBytes }).catch((error: unknown) => fail(errorText(error)));
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
