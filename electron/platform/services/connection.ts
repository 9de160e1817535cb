import { AppFailure } from '../../../shared/ipc/errors.ts';
import { baseUrlProblem, credentialAddressOf, baseUrlOriginOf } from '../../../shared/ipc/profile.ts';
import type { ProcessingClient, ResolveProxy, createProcessingClient } from '../api/index.ts';
import type { ProfileBook, ProfileRecord } from '../profiles/index.ts';
import type { LocalSandbox } from './local-sandbox.ts';

export type CreateClient = typeof createProcessingClient;

/**
 * `profileName` is read afresh each time: a rename shows in the journal at once. `origin` is where
 * the client sends (scheme://host[:port]): the journal names it as the origin that answered.
 */
export type ProfileClient = { profileId: string; profileName: string; baseUrl: string; origin: string; client: ProcessingClient };

export interface Connection {
  /** The client of the active profile; starts the local sandbox when that is the active one. */
  active(): Promise<ProfileClient>;
  of(record: ProfileRecord): Promise<ProfileClient>;
  /** Forgets a profile's client, after its address, key or secret changed or it was removed. */
  forget(profileId: string): void;
}

/**
 * One signed HTTP client per profile, made on first use from the keychain's key and secret. The
 * credentials then live only in this process's memory, inside the client, which sends only below the
 * base URL they are tied to.
 */
export function createConnection(options: {
  book: ProfileBook;
  sandbox: LocalSandbox;
  createClient: CreateClient;
  now?: () => number;
  /** The system's proxy (Electron's session.resolveProxy); by default the client reads the proxy environment. */
  resolveProxy?: ResolveProxy;
}): Connection {
  const clients = new Map<string, ProfileClient>();

  const of = async (record: ProfileRecord): Promise<ProfileClient> => {
    const baseUrl = record.kind === 'local-sandbox' ? (await options.sandbox.ensure()).baseUrl : record.baseUrl;
    const cached = clients.get(record.id);
    if (cached && cached.baseUrl === baseUrl) return { ...cached, profileName: record.name };
    // profiles.json could have been edited by hand: check again before sending a key anywhere.
    const problem = baseUrlProblem(baseUrl);
    if (problem) throw new AppFailure({ kind: 'configuration', message: `The profile "${record.name}" has a bad address. ${problem}` });
    const { apiKey, secret, baseUrl: boundTo } = await options.book.credentials(record.id);
    const origin = baseUrlOriginOf(baseUrl) ?? '';
    // The book checked its own record; this checks the address the client is about to be made for.
    const address = credentialAddressOf(baseUrl);
    if (record.kind !== 'local-sandbox' && address !== boundTo) {
      throw new AppFailure({ kind: 'configuration', message: `The key and secret of "${record.name}" are tied to ${boundTo}, not to ${address ?? baseUrl}. Nothing was sent.` });
    }
    const client = options.createClient({
      baseUrl,
      apiKey,
      secret,
      ...(options.now ? { now: options.now } : {}),
      ...(options.resolveProxy ? { resolveProxy: options.resolveProxy } : {}),
    });
    const entry = { profileId: record.id, profileName: record.name, baseUrl, origin, client };
    clients.set(record.id, entry);
    return entry;
  };

  return {
    of,
    active: async () => {
      const record = options.book.active();
      if (!record) throw new AppFailure({ kind: 'configuration', message: 'No profile is selected. Choose or add a profile first.' });
      return of(record);
    },
    forget: (profileId) => void clients.delete(profileId),
  };
}
