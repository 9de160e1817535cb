import type { ProfileCredentials } from '../profiles/index.ts';
import type { SandboxHandle, startSandbox as startSandboxFn } from '../../sandbox/index.ts';

export type StartSandbox = typeof startSandboxFn;

export interface LocalSandbox {
  /** Starts the server once (concurrent callers share the start) and answers its handle. */
  ensure(): Promise<SandboxHandle>;
  /** The running server's base URL, or null when it is not running. */
  baseUrl(): string | null;
  stop(): Promise<void>;
}

/**
 * The local sandbox profile's server: the processing service emulated inside the main process, on
 * 127.0.0.1 with a port the system picks, trusting only the profile's generated key and secret.
 */
export function createLocalSandbox(options: {
  start: StartSandbox;
  credentials: () => Promise<ProfileCredentials>;
  /**
   * Where the sandbox keeps its records across restarts. Off by default: the sandbox writes its
   * merchants' keys and secrets into that file, and nothing secret may reach the data folder.
   */
  stateFile?: string;
  clock?: () => number;
}): LocalSandbox {
  let starting: Promise<SandboxHandle> | null = null;
  let handle: SandboxHandle | null = null;

  const start = async (): Promise<SandboxHandle> => {
    const { apiKey, secret } = await options.credentials();
    const started = await options.start({
      host: '127.0.0.1',
      port: 0,
      merchants: [{ key: apiKey, secret, name: 'Local sandbox' }],
      ...(options.stateFile ? { stateFile: options.stateFile } : {}),
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
    stop: async () => {
      const pending = starting;
      starting = null;
      handle = null;
      const running = await pending?.catch(() => null);
      await running?.close();
    },
  };
}
