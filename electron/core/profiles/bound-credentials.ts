import { z } from 'zod';
import { LOCAL_SANDBOX_ORIGIN, SERVICE_ORIGINS } from './profile-kind.ts';
import { accountsOf } from './secret-store.ts';
import type { SecretStore } from './secret-store.ts';

/**
 * A profile's API key and secret, tied to the one origin they may be sent to (issue 11: Git offers
 * a credential only to the host it was stored for). They live together in ONE keychain entry, so
 * that the origin, the key and the secret can only change together.
 */

export type BoundCredentials = { origin: string; apiKey: string; secret: string };

const boundEntry = z.object({ origin: z.string().min(1), apiKey: z.string().min(1), secret: z.string().min(1) }).strict();

/**
 * What the keychain holds for a profile:
 * - bound: a key and secret, and the origin they belong to;
 * - none: nothing usable (never stored, removed by hand, or an entry that is not ours);
 * - unbound: a key and secret stored by an earlier version, before they had an origin, for an
 *   address that is not the service's own (see `read`), so a person must type them again.
 */
export type StoredCredentials = { state: 'bound'; credentials: BoundCredentials } | { state: 'none' } | { state: 'unbound' };

/**
 * Entries an earlier version wrote (one account for the key, one for the secret) are bound on
 * first read only when the profile's origin is the service's own (or the local sandbox): binding
 * them to whatever profiles.json says would let a file edited before that read capture them. Bound
 * to the service, a tampered file can only send the key to the service itself. Any other address
 * (a custom host, a tunnel on this computer) gets its key and secret typed again, once.
 */
const MIGRATES_TO = new Set([...SERVICE_ORIGINS, LOCAL_SANDBOX_ORIGIN]);

export function createCredentialVault(secrets: SecretStore) {
  const write = async (profileId: string, credentials: BoundCredentials): Promise<void> => {
    const accounts = accountsOf(profileId);
    await secrets.set(accounts.credentials, JSON.stringify(boundEntry.parse(credentials)));
    // The older, unbound entries go once the bound one is stored.
    await secrets.delete(accounts.legacyApiKey);
    await secrets.delete(accounts.legacySecret);
  };

  const readLegacy = async (profileId: string, currentOrigin: string | null): Promise<StoredCredentials> => {
    const accounts = accountsOf(profileId);
    const apiKey = await secrets.get(accounts.legacyApiKey);
    const secret = await secrets.get(accounts.legacySecret);
    if (!apiKey || !secret) return { state: 'none' };
    if (currentOrigin === null || !MIGRATES_TO.has(currentOrigin)) return { state: 'unbound' };
    const credentials = { origin: currentOrigin, apiKey, secret };
    await write(profileId, credentials);
    return { state: 'bound', credentials };
  };

  return {
    /** `currentOrigin` is the profile's origin now, used only to migrate an entry of an earlier version. */
    read: async (profileId: string, currentOrigin: string | null): Promise<StoredCredentials> => {
      const text = await secrets.get(accountsOf(profileId).credentials);
      if (text === null) return readLegacy(profileId, currentOrigin);
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return { state: 'none' };
      }
      const parsed = boundEntry.safeParse(json);
      return parsed.success ? { state: 'bound', credentials: parsed.data } : { state: 'none' };
    },
    write,
    remove: async (profileId: string): Promise<void> => {
      const accounts = accountsOf(profileId);
      for (const account of [accounts.credentials, accounts.legacyApiKey, accounts.legacySecret]) await secrets.delete(account);
    },
  };
}

export type CredentialVault = ReturnType<typeof createCredentialVault>;
