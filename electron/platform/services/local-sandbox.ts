import type { ProfileCredentials } from '../profiles/index.ts';
import type { SandboxHandle, StateSetAside, startSandbox as startSandboxFn } from '../../sandbox/index.ts';

export type StartSandbox = typeof startSandboxFn;

export interface LocalSandbox {
  /** Starts the server once (concurrent callers share the start) and answers its handle. */
  ensure(): Promise<SandboxHandle>;
  /** The running server's base URL, or null when it is not running. */
  baseUrl(): string | null;
  /**
   * The saved state this run found damaged (or written by a newer version) and set aside for a
   * fresh start; null when it read its records, or has not started yet. Kept for the run, so the
   * person is told on screen, not only in a log nobody reads.
   */
  stateSetAside(): StateSetAside | null;
  stop(): Promise<void>;
}

/**
 * The local sandbox profile's server: the processing service emulated inside the main process, on
 * 127.0.0.1 with a port the system picks, trusting only the profile's generated key and secret.
 * Its records (balances, orders, invoices, id counters) live in `stateFile`, so that they last as
 * long as the data folder: stopping it (another profile chosen, the app closed) and starting it
 * again carries on where it was, and never gives an id twice.
 */
export function createLocalSandbox(options: {
  start: StartSandbox;
  credentials: () => Promise<ProfileCredentials>;
  /**
   * Where the sandbox keeps its records across stops and restarts, in the data folder. The file
   * holds no key or secret (the sandbox's stateWithoutCredentials): the profile's stay in the
   * keychain and are given to the sandbox at each start. Without it, records last one start.
   */
  stateFile?: string;
  /** Told when a damaged state file, or one from a newer version, was set aside for a fresh start. */
  onStateSetAside?: (notice: StateSetAside) => void;
  clock?: () => number;
}): LocalSandbox {
  let starting: Promise<SandboxHandle> | null = null;
  let handle: SandboxHandle | null = null;
  let setAside: StateSetAside | null = null;

  const start = async (): Promise<SandboxHandle> => {
    const { apiKey, secret } = await options.credentials();
    const started = await options.start({
      host: '127.0.0.1',
      port: 0,
      merchants: [{ key: apiKey, secret, name: 'Local sandbox' }],
      ...(options.stateFile ? { stateFile: options.stateFile, stateWithoutCredentials: true } : {}),
      onStateSetAside: (notice: StateSetAside) => {
        setAside = notice;
        options.onStateSetAside?.(notice);
      },
      ...(options.clock ? { clock: options.clock } : {}),
    });
    handle = started;
    return started;
  };

  return {
    ensure: () => {
      starting ??= start().catch((error: unknown) => {
        starting = null;
        throw error;
      });
      return starting;
    },
    baseUrl: () => handle?.baseUrl ?? null,
    stateSetAside: () => setAside,
    stop: async () => {
      const pending = starting;
      starting = null;
      handle = null;
      const running = await pending?.catch(() => null);
      await running?.close();
    },
  };
}
