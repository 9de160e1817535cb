import { worded } from '../../../shared/ipc/errors.ts';
import { wordingOfRule } from '../../../shared/i18n/words.ts';
import { baseUrlProblem, credentialAddressOf, baseUrlOriginOf } from '../../../shared/ipc/profile.ts';
import type { ProfileKind } from '../../../shared/ipc/profile.ts';
import type { ProcessingClient, ResolveProxy, createProcessingClient } from '../api/index.ts';
import type { JournalStore, Tracker } from '../journal/index.ts';
import type { ProfileBook, ProfileRecord } from '../profiles/index.ts';
import type { LocalSandbox } from './local-sandbox.ts';

export type CreateClient = typeof createProcessingClient;

/**
 * `profileName` is read afresh each time: a rename shows in the journal at once. `origin` is where
 * the client sends (scheme://host[:port]): the journal names it as the origin that answered.
 */
export type ProfileClient = { profileId: string; profileName: string; baseUrl: string; origin: string; client: ProcessingClient };

/**
 * What the active profile works with: its client, its kind, and the journal its calls are recorded
 * in (this desktop's, or its team journal) with the tracker that records them there. Handed to each
 * call as one, so the call's entry, its client and its journal are the same profile's.
 */
export type ProfileWork = ProfileClient & { kind: ProfileKind; journal: JournalStore; tracker: Tracker };

export interface Connection {
  /** What the active profile works with; starts the local sandbox when that is the active one. */
  active(): Promise<ProfileWork>;
  of(record: ProfileRecord): Promise<ProfileClient>;
  /** Forgets a profile's client, after its address, key or secret changed or it was removed, and the active profile's work. */
  forget(profileId: string): void;
}

/**
 * One signed HTTP client per profile, made on first use from the keychain's key and secret. The
 * credentials then live only in this process's memory, inside the client, which sends only below the
 * base URL they are tied to.
 *
 * The active profile's work (ProfileWork) is worked out once, at its first call, and kept until the
 * profile book changes (a profile saved, removed or selected) or a profile is forgotten: a call
 * neither asks the book which profile is active nor asks the team journal's routing which journal
 * it records into.
 */
export function createConnection(options: {
  book: ProfileBook;
  sandbox: LocalSandbox;
  createClient: CreateClient;
  /** The journal a profile records into (team-journal/journal-routing.ts): this desktop's, or its team journal. */
  journalFor: (profileId: string) => Promise<JournalStore>;
  /** The tracker that records a profile's calls in its journal (journal/tracking.ts). */
  track: (journal: JournalStore) => Tracker;
  now?: () => number;
  /** The system's proxy (Electron's session.resolveProxy); by default the client reads the proxy environment. */
  resolveProxy?: ResolveProxy;
}): Connection {
  const clients = new Map<string, ProfileClient>();
  /** The active profile's work, once worked out; `made` counts the forgettings, so that work made across one is not kept. */
  let kept: ProfileWork | null = null;
  let made = 0;
  const forgetWork = (): void => {
    kept = null;
    made += 1;
  };
  options.book.onChange(forgetWork);

  const of = async (record: ProfileRecord): Promise<ProfileClient> => {
    const baseUrl = record.kind === 'local-sandbox' ? (await options.sandbox.ensure()).baseUrl : record.baseUrl;
    const cached = clients.get(record.id);
    if (cached && cached.baseUrl === baseUrl) return { ...cached, profileName: record.name };
    // profiles.json could have been edited by hand: check again before sending a key anywhere.
    const problem = baseUrlProblem(baseUrl);
    if (problem) throw worded({ kind: 'configuration' }, { id: 'main.platform.connection.badAddress', values: { name: record.name, problem: wordingOfRule(problem) } });
    const { apiKey, secret, baseUrl: boundTo } = await options.book.credentials(record.id);
    const origin = baseUrlOriginOf(baseUrl) ?? '';
    // The book checked its own record; this checks the address the client is about to be made for.
    const address = credentialAddressOf(baseUrl);
    if (record.kind !== 'local-sandbox' && address !== boundTo) {
      throw worded({ kind: 'configuration' }, { id: 'main.platform.connection.boundElsewhere', values: { name: record.name, boundTo, address: address ?? baseUrl } });
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

  const active = async (): Promise<ProfileWork> => {
    const known = kept;
    // The local sandbox is started (or found running) at each call, as its client is made for the address it runs at.
    if (known !== null && (known.kind !== 'local-sandbox' || (await options.sandbox.ensure()).baseUrl === known.baseUrl)) return known;
    const at = made;
    const record = options.book.active();
    if (!record) throw worded({ kind: 'configuration' }, { id: 'main.platform.connection.noProfile' });
    const profile = await of(record);
    const journal = await options.journalFor(record.id);
    const work = { ...profile, kind: record.kind, journal, tracker: options.track(journal) };
    if (at === made) kept = work;
    return work;
  };

  return {
    of,
    active,
    forget: (profileId) => {
      clients.delete(profileId);
      forgetWork();
    },
  };
}
