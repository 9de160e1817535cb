import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { startSandbox } from './index.ts';

/**
 * Runs the local sandbox in the foreground:
 *   node electron/sandbox/cli.ts --port 8787 --merchant KEY:SECRET [--merchant KEY2:SECRET2 ...]
 *        [--host 127.0.0.1] [--seed N] [--state FILE] [--no-rate-limit] [--callback-url URL]
 *        [--withdrawal-limit EUR]
 * Without --merchant it makes up one merchant and prints its credentials. Stops on Ctrl-C or SIGTERM.
 */

const USAGE = 'Usage: node electron/sandbox/cli.ts [--port 8787] [--host 127.0.0.1] [--merchant KEY:SECRET ...] [--seed N] [--state FILE] [--no-rate-limit] [--callback-url URL] [--withdrawal-limit EUR]';

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        port: { type: 'string', default: '8787' },
        host: { type: 'string', default: '127.0.0.1' },
        merchant: { type: 'string', multiple: true },
        seed: { type: 'string' },
        state: { type: 'string' },
        'no-rate-limit': { type: 'boolean', default: false },
        'callback-url': { type: 'string' },
        'withdrawal-limit': { type: 'string' },
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

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`Not a port: ${values.port}`);
const seed = values.seed === undefined ? undefined : Number(values.seed);
if (seed !== undefined && !Number.isInteger(seed)) fail(`Not an integer seed: ${values.seed}`);

const callbackUrl = values['callback-url'];
if (callbackUrl !== undefined && !/^https?:\/\//.test(callbackUrl)) fail(`--callback-url takes an http(s) address such as http://127.0.0.1:8788/callbacks, got "${callbackUrl}"`);

const withdrawalLimit = values['withdrawal-limit'];
if (withdrawalLimit !== undefined && !/^\d+(\.\d+)?$/.test(withdrawalLimit)) fail(`--withdrawal-limit takes an amount of EUR such as 1000 or 2500.50, got "${withdrawalLimit}"`);

const merchants = (values.merchant ?? []).map((text, index) => {
  const colon = text.indexOf(':');
  if (colon <= 0 || colon === text.length - 1) fail(`--merchant takes KEY:SECRET, got "${text}"`);
  return { key: text.slice(0, colon), secret: text.slice(colon + 1), name: `Merchant ${index + 1}` };
});
const madeUp = merchants.length === 0 && values.state === undefined;
if (madeUp) merchants.push({ key: `sbx_${randomBytes(8).toString('hex')}`, secret: randomBytes(32).toString('hex'), name: 'Sandbox merchant' });

const sandbox = await startSandbox({
  host: values.host,
  port,
  merchants,
  ...(seed === undefined ? {} : { seed }),
  ...(values.state === undefined ? {} : { stateFile: values.state }),
  ...(values['no-rate-limit'] ? { rateLimit: false as const } : {}),
  // The service's signed callbacks, on its real retry schedule, to a receiver (npm run receiver).
  ...(callbackUrl === undefined ? {} : { callbacks: { url: callbackUrl } }),
  // Withdrawals worth more (in EUR) are held as pending until approved or declined at /sandbox/withdrawals/<id>/.
  ...(withdrawalLimit === undefined ? {} : { withdrawalLimit }),
  // Standalone, for people and scripts: the control endpoints are on (Host-checked, JSON only).
  control: true,
});

console.log(`Local processing sandbox running (seed ${sandbox.seed})`);
console.log(`Base URL: ${sandbox.baseUrl}`);
console.log(`State:    ${sandbox.origin}/sandbox/state`);
if (callbackUrl !== undefined) console.log(`Callbacks: ${callbackUrl}`);
if (withdrawalLimit !== undefined) console.log(`Withdrawals over ${withdrawalLimit} EUR are held as pending: POST ${sandbox.origin}/sandbox/withdrawals/<id>/approve or /decline`);
for (const m of sandbox.merchants) {
  console.log(`Merchant: ${m.name}\n  API key:    ${m.key}${madeUp || merchants.length === 0 ? `\n  Secret key: ${m.secret}` : ''}`);
}
console.log('Press Ctrl-C to stop.');

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the sandbox`);
  sandbox.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
