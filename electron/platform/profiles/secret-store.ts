import type * as KeytarModule from 'keytar';
import { worded } from '../../../shared/ipc/errors.ts';

/**
 * Where API keys and secrets live. The real one is the OS keychain (keytar); nothing secret is
 * ever written to the data folder. Kept this small so the profile book does not know keytar.
 */
export interface SecretStore {
  get(account: string): Promise<string | null>;
  set(account: string, value: string): Promise<void>;
  /** True when something was deleted. */
  delete(account: string): Promise<boolean>;
}

export const DEFAULT_KEYCHAIN_SERVICE = 'Merchant Console';

type Keytar = typeof KeytarModule;

const unavailable = (cause: unknown) =>
  worded(
    { kind: 'configuration' },
    { id: 'main.platform.profiles.keychain', values: { cause: cause instanceof Error ? cause.message : { id: 'main.platform.profiles.unknownReason' } } },
  );

/**
 * The OS keychain through keytar, under one service name. keytar is loaded on first use, so a
 * machine without a keychain still starts and gets a plain-words configuration error instead.
 */
export function createKeytarSecretStore(service: string = DEFAULT_KEYCHAIN_SERVICE): SecretStore {
  let loaded: Promise<Keytar> | undefined;
  const keytar = async (): Promise<Keytar> => {
    loaded ??= import('keytar').then((module) => ('default' in module ? (module.default as Keytar) : module));
    try {
      return await loaded;
    } catch (cause) {
      loaded = undefined;
      throw unavailable(cause);
    }
  };
  const call = async <T>(action: (kt: Keytar) => Promise<T>): Promise<T> => {
    const kt = await keytar();
    try {
      return await action(kt);
    } catch (cause) {
      throw unavailable(cause);
    }
  };
  return {
    get: (account) => call((kt) => kt.getPassword(service, account)),
    set: (account, value) => call((kt) => kt.setPassword(service, account, value)),
    delete: (account) => call((kt) => kt.deletePassword(service, account)),
  };
}

/**
 * Keeps secrets in this process's memory only, never on disk. For the browser preview harness on a
 * machine without a keychain; the app itself always uses the keychain.
 */
export function createMemorySecretStore(): SecretStore {
  const values = new Map<string, string>();
  return {
    get: async (account) => values.get(account) ?? null,
    set: async (account, value) => {
      values.set(account, value);
    },
    delete: async (account) => values.delete(account),
  };
}

/** Keychain account names of one profile. */
export const accountsOf = (profileId: string) => ({
  /** JSON: the origin, the API key and the secret together (bound-credentials.ts). */
  credentials: `${profileId}/credentials`,
  /** Where earlier versions kept the key and the secret, with no origin: read once to migrate. */
  legacyApiKey: `${profileId}/api-key`,
  legacySecret: `${profileId}/secret`,
  /** JSON: the team journal's password and the one target it may be sent to (team-journal-password.ts). */
  teamJournal: `${profileId}/team-journal`,
});
