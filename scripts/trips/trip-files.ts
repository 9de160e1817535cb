import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createMainServices } from '../../electron/app/main-services.ts';
import { createMemorySecretStore } from '../../electron/platform/profiles/secret-store.ts';

/**
 * Which of the project's files do work on the two trips the README walks (Architecture, "One trip"),
 * measured rather than counted by hand: V8's precise coverage (node:inspector's Profiler, call counts)
 * around ONE warmed-up call through main's composed router, against the real local sandbox on
 * loopback in a process of its own (sandbox-process.ts), lists every file of ours a function of
 * which ran. Module bodies ran at start, not on the trip, so a file that only exports constants,
 * types or schemas built at start is not on the list; a schema's own refinements and transforms are.
 *
 * The renderer's and the preload's side is not in this process: those files are the ones the README
 * names (RENDERER_SIDE below), added to the count.
 *
 * `node scripts/trips/trip-files.ts` prints both trips; `--json` prints them as JSON, from which
 * trip-files.test.ts holds the README's walks to what runs; with
 * TRIP_FUNCTIONS=1 it also names, on stderr, the functions that ran in each file.
 */

const ROOT = resolve(import.meta.dirname, '../..');

/** The files outside main's router that a trip passes through, as the README names them. */
export const RENDERER_SIDE = {
  lookup: [
    'renderer/features/transactions/LookupForm.tsx',
    'renderer/features/transactions/lookup-form-schema.ts',
    'renderer/features/transactions/use-transaction-lookup.ts',
    'renderer/bridge.ts',
    'electron/preload.ts',
    'electron/shell/ipc.ts',
    'renderer/features/transactions/TransactionResult.tsx',
  ],
  placement: [
    'renderer/features/quotes/exchange/ExchangeDialog.tsx',
    'renderer/features/quotes/exchange/exchange-machine.ts',
    'renderer/features/quotes/exchange/use-place-exchange.ts',
    'renderer/bridge.ts',
    'electron/preload.ts',
    'electron/shell/ipc.ts',
  ],
} as const;

export type Trip = { main: string[]; all: string[] };
export type Trips = { lookup: Trip; placement: Trip };

type Started = { baseUrl: string; transactionId: number; key: string; secret: string };

function startSandboxProcess(): Promise<{ started: Started; stop: () => void }> {
  const child = fork(resolve(import.meta.dirname, 'sandbox-process.ts'), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((done, fail) => {
    child.once('message', (message) => done({ started: message as Started, stop: () => child.disconnect() }));
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`the sandbox process ended (${code})`)));
  });
}

/** Our files (not node_modules) with a function that ran since the last take. */
async function filesThatRan(session: Session): Promise<string[]> {
  const { result } = await session.post('Profiler.takePreciseCoverage');
  const files = new Set<string>();
  for (const script of result) {
    if (!script.url.startsWith('file:')) continue;
    const path = relative(ROOT, fileURLToPath(script.url));
    if (path.startsWith('..') || path.includes('node_modules') || path.startsWith('scripts/')) continue;
    // V8 lists the functions that ran. The module's body (from offset 0, unnamed) ran at start, not on the trip.
    const ran = script.functions.some((fn) => (fn.ranges[0]?.count ?? 0) > 0 && !(fn.functionName === '' && fn.ranges[0]?.startOffset === 0));
    if (ran) files.add(path);
    if (ran && process.env.TRIP_FUNCTIONS) console.error(path, script.functions.filter((fn) => (fn.ranges[0]?.count ?? 0) > 0).map((fn) => fn.functionName || `@${fn.ranges[0]?.startOffset}`).join(' '));
  }
  return [...files].sort();
}

export async function measureTrips(): Promise<Trips> {
  const { started, stop } = await startSandboxProcess();
  const dataDir = await mkdtemp(join(tmpdir(), 'mc-trip-files-'));
  const services = await createMainServices({ dataDir, secretStore: createMemorySecretStore(), log: () => {}, askPerson: async () => true });
  const session = new Session();
  session.connect();
  try {
    const value = async <T>(channel: string, payload: unknown): Promise<T> => {
      const answer = await services.router.handle(channel, payload, { via: 'test' });
      if (!answer.ok) throw new Error(`${channel} failed: ${JSON.stringify(answer.error)}`);
      return answer.value as T;
    };
    const saved = await value<{ id: string }>('profiles.save', { name: 'Trip', baseUrl: started.baseUrl, apiKey: started.key, secret: started.secret });
    await value('profiles.select', { id: saved.id });
    const lookUp = () => value('transactions.lookup', { id: started.transactionId });
    let placed = 0;
    const place = async (measure?: () => Promise<string[]>): Promise<string[]> => {
      const { quoteId } = await value<{ quoteId: string }>('quotes.calculate', { sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '0.001' });
      placed += 1;
      await (measure ? measure() : Promise.resolve([]));
      await value('exchange.place', { quoteId, foreignId: `trip-exchange-${process.pid}-${placed}` });
      return measure ? measure() : [];
    };
    // Warm: the kept-alive connection, the prepared statements, the first calls' compiling.
    for (let i = 0; i < 3; i += 1) {
      await lookUp();
      await place();
    }
    await session.post('Profiler.enable');
    await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
    await filesThatRan(session);
    await lookUp();
    const lookup = await filesThatRan(session);
    const placement = await place(() => filesThatRan(session));
    await session.post('Profiler.stopPreciseCoverage');
    const trip = (main: string[], side: readonly string[]): Trip => ({ main, all: [...new Set([...side, ...main])] });
    return { lookup: trip(lookup, RENDERER_SIDE.lookup), placement: trip(placement, RENDERER_SIDE.placement) };
  } finally {
    session.disconnect();
    await services.close();
    stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const trips = await measureTrips();
  if (process.argv.includes('--json')) console.log(JSON.stringify(trips));
  else {
    for (const [name, trip] of Object.entries(trips)) {
      console.log(`${name}: ${trip.all.length} files (${trip.main.length} measured in main)`);
      for (const file of trip.all) console.log(`  ${trip.main.includes(file) ? 'main ' : 'named'} ${file}`);
    }
  }
}
