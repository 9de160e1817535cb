import { z } from 'zod';
import { DEFAULT_API_PATH, LOCAL_SANDBOX_ORIGIN, SERVICE_ADDRESSES } from './profile-kind.ts';
import { accountsOf } from './secret-store.ts';
import type { SecretStore } from './secret-store.ts';

/**
 * A profile's API key and secret, tied to the one base URL they may be sent to (scheme, host, port
 * and path: credentialAddressOf), as Git offers a credential only to what it was stored for, and to
 * the one receiver URL its event reads may be signed for (receiverAddressOf), if any. They live
 * together in ONE keychain entry, so that the addresses, the key and the secret can only change
 * together.
 */

export type BoundCredentials = {
  baseUrl: string;
  /** The receiver URL reads are signed for; absent: none. */
  receiverUrl?: string;
  apiKey: string;
  secret: string;
};

// The receiver URL is left out when there is none, so an entry without one reads as it did before.
const boundEntry = z.object({ baseUrl: z.string().min(1), receiverUrl: z.string().min(1).optional(), apiKey: z.string().min(1), secret: z.string().min(1) }).strict();
/** What the previous version wrote: tied to an origin only, any path on it. */
const originEntry = z.object({ origin: z.string().min(1), apiKey: z.string().min(1), secret: z.string().min(1) }).strict();

/**
 * What the keychain holds for a profile:
 * - bound: a key and secret, and the base URL they belong to;
 * - none: nothing usable (never stored, removed by hand, or an entry that is not ours);
 * - unbound: a key and secret stored by an earlier version, before they were tied to a full base
 *   URL, for an address they may not simply be taken to (see `read`), so a person must type them again.
 */
export type StoredCredentials = { state: 'bound'; credentials: BoundCredentials } | { state: 'none' } | { state: 'unbound' };

/**
 * Entries of the first versions (one account for the key, one for the secret, no address) are bound
 * on first read only when the profile's address is one of the service's own (or the local sandbox):
 * binding them to whatever profiles.json says would let a file edited before that read capture
 * them. Any other address gets its key and secret typed again, once.
 */
const MIGRATES_TO = new Set([...SERVICE_ADDRESSES, LOCAL_SANDBOX_ORIGIN]);

/**
 * An entry tied to an origin only is bound to the profile's address when that address is the origin
 * with the service's own path (or the local sandbox): requests went there before, so they go on
 * going there. Any other path may be one a file edited outside the app chose, so it is not trusted.
 */
const inheritsOrigin = (origin: string, currentAddress: string): boolean =>
  currentAddress === (origin === LOCAL_SANDBOX_ORIGIN ? origin : `${origin}${DEFAULT_API_PATH}`);

export function createCredentialVault(secrets: SecretStore) {
  const write = async (profileId: string, credentials: BoundCredentials): Promise<void> => {
    const accounts = accountsOf(profileId);
    await secrets.set(accounts.credentials, JSON.stringify(boundEntry.parse(credentials)));
    // The older, unbound entries go once the bound one is stored.
    await secrets.delete(accounts.legacyApiKey);
    await secrets.delete(accounts.legacySecret);
  };

  const rebind = async (profileId: string, credentials: BoundCredentials): Promise<StoredCredentials> => {
    await write(profileId, credentials);
    return { state: 'bound', credentials };
  };

  const readLegacy = async (profileId: string, currentAddress: string | null): Promise<StoredCredentials> => {
    const accounts = accountsOf(profileId);
    const apiKey = await secrets.get(accounts.legacyApiKey);
    const secret = await secrets.get(accounts.legacySecret);
    if (!apiKey || !secret) return { state: 'none' };
    if (currentAddress === null || !MIGRATES_TO.has(currentAddress)) return { state: 'unbound' };
    return rebind(profileId, { baseUrl: currentAddress, apiKey, secret });
  };

  return {
    /** `currentAddress` is the profile's address now, used only to migrate an entry of an earlier version. */
    read: async (profileId: string, currentAddress: string | null): Promise<StoredCredentials> => {
      const text = await secrets.get(accountsOf(profileId).credentials);
      if (text === null) return readLegacy(profileId, currentAddress);
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return { state: 'none' };
      }
      const bound = boundEntry.safeParse(json);
      if (bound.success) return { state: 'bound', credentials: bound.data };
      const byOrigin = originEntry.safeParse(json);
      if (!byOrigin.success) return { state: 'none' };
      const { origin, apiKey, secret } = byOrigin.data;
      return currentAddress !== null && inheritsOrigin(origin, currentAddress) ? rebind(profileId, { baseUrl: currentAddress, apiKey, secret }) : { state: 'unbound' };
    },
    write,
    remove: async (profileId: string): Promise<void> => {
      const accounts = accountsOf(profileId);
      for (const account of [accounts.credentials, accounts.legacyApiKey, accounts.legacySecret]) await secrets.delete(account);
    },
  };
}

export type CredentialVault = ReturnType<typeof createCredentialVault>;
