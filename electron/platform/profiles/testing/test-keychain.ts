import { randomBytes } from 'node:crypto';
import { createKeytarSecretStore } from '../secret-store.ts';
import type { SecretStore } from '../secret-store.ts';

/**
 * The real keychain (keytar, in the private D-Bus session of scripts/test.sh) under a service name
 * of its own, so nothing touches a real user's entries; `clear` removes every entry it stored.
 */
export function testKeychain(label: string): { store: SecretStore; clear(): Promise<void> } {
  const keychain = createKeytarSecretStore(`Merchant Console test ${label} ${randomBytes(6).toString('hex')}`);
  const created = new Set<string>();
  return {
    store: {
      get: keychain.get,
      delete: keychain.delete,
      set: async (account, value) => {
        created.add(account);
        await keychain.set(account, value);
      },
    },
    clear: async () => {
      for (const account of created) await keychain.delete(account);
    },
  };
}
