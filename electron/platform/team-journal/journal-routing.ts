import type { DatabaseSync } from 'node:sqlite';
import type pg from 'pg';
import { worded } from '../../../shared/ipc/errors.ts';
import { baseUrlOriginOf } from '../../../shared/ipc/profile.ts';
import { openTeamJournal, sqliteWithdrawalDesk, teamWithdrawalDesk, uploadMessage } from '../journal/index.ts';
import { openTeamPool, teamJournalPlace, teamJournalTarget } from '../team-access/index.ts';
import type { TeamJournalSettings } from '../team-access/index.ts';
import type { Author, JournalStore, UploadCount, WithdrawalDesk } from '../journal/index.ts';
import type { ProfileBook } from '../profiles/index.ts';
import { openTeamJoins } from './joins.ts';
import { teamProfileKey } from './team-profile-key.ts';
import { createTeamStore } from './team-store.ts';
import type { TeamStore } from './team-store.ts';

/**
 * Which journal a profile records into: this desktop's SQLite journal, or, for a
 * profile with a team journal, that team's PostgreSQL journal (team-store.ts), opened on first use
 * and kept per profile while its settings, its key and its password stay the same.
 *
 * While a team journal is behind (it could not be used, and this desktop has something to settle
 * or upload there), a timer tries again every `retryEveryMs`, and stops when nothing is behind.
 */

export type JournalRoutingOptions = {
  dataDir: string;
  book: ProfileBook;
  /** This desktop's SQLite journal, and its file (uploads read and mark its rows). */
  local: JournalStore;
  localDb: DatabaseSync;
  author: () => Author;
  /** A pool on a team journal: by default team-access's, with its TLS rules and its 'error' listener. */
  openPool?: (settings: TeamJournalSettings, password: string, log: Log) => pg.Pool;
  /** The team journal on a pool: by default journal/postgres/team-journal.ts's. */
  openJournal?: (pool: pg.Pool, author: () => Author) => Promise<JournalStore>;
  now: () => number;
  log: Log;
  /** 30 s by default. */
  retryEveryMs?: number;
};

type Log = (message: string, details: Record<string, unknown>) => void;

export type UploadReport = Omit<UploadCount, 'conflictIds'> & { message: string };

export interface JournalRouting {
  /** The journal the profile's entries go to and are read from; the handlers pass the profile's own id to it. */
  journalFor(profileId: string): Promise<JournalStore>;
  /** Joining: copies the profile's local history into its team journal, once (upload-history.ts). */
  uploadHistory(profileId: string): Promise<UploadReport>;
  /** Lookups kept on this desktop while the profile's team journal could not take them. */
  waiting(profileId: string): Promise<number>;
  /**
   * Whether this desktop wrote the profile's entry: for a dispute report made here, which tells this
   * desktop's own record from the team's. Null when the journal does not say (team-store.ts).
   */
  madeHere(profileId: string, entryId: number): Promise<boolean | null>;
  /** The profile's withdrawal drafts, in the journal it records into (journal/withdrawals/). */
  withdrawalsFor(profileId: string): Promise<WithdrawalDesk>;
  /** The profile changed or went: its team journal is opened afresh on next use. */
  forget(profileId: string): Promise<void>;
  /** On start: each team journal settles this desktop's cut-off submissions and uploads what waits. */
  catchUpAll(): Promise<void>;
  close(): Promise<void>;
}

const RETRY_EVERY_MS = 30_000;

export async function createJournalRouting(options: JournalRoutingOptions): Promise<JournalRouting> {
  const { book, log } = options;
  const openPool = options.openPool ?? openTeamPool;
  const openJournal = options.openJournal ?? ((pool: pg.Pool, author: () => Author) => openTeamJournal(pool, { author }));
  const joins = await openTeamJoins(options.dataDir, options.now);
  /** Per profile: what its store was opened for (settings and team key), and the store. */
  const stores = new Map<string, { opened: string; store: Promise<TeamStore> }>();
  const inFlight = { count: 0 };
  let timer: NodeJS.Timeout | null = null;
  const background = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    background.add(work);
    void work.finally(() => background.delete(work));
  };

  const settled = async (): Promise<TeamStore[]> => (await Promise.allSettled([...stores.values()].map((s) => s.store))).flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));

  const tick = async () => {
    const behind = (await settled()).filter((store) => store.isBehind());
    await Promise.all(behind.map((store) => store.catchUp()));
    if (!(await settled()).some((store) => store.isBehind()) && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
  const retryLater = () => {
    timer ??= setInterval(() => track(tick().catch((error: unknown) => log('team journal: a catch-up failed', { error: String(error) }))), options.retryEveryMs ?? RETRY_EVERY_MS);
    // The timer alone never keeps the app (or a test) running.
    timer.unref();
  };

  async function openStore(profileId: string, settings: TeamJournalSettings, teamKey: string): Promise<TeamStore> {
    let pool: pg.Pool | null = null;
    return createTeamStore({
      localProfileId: profileId,
      teamKey,
      where: teamJournalPlace(settings),
      // Lazily, so that a profile whose team journal cannot be used still has a journal: its
      // lookups are kept locally, its submissions refused with the reason.
      connect: async () => {
        pool ??= openPool(settings, await book.teamJournalPassword(profileId), log);
        return { pool, journal: await openJournal(pool, options.author) };
      },
      disconnect: async () => {
        await pool?.end();
        pool = null;
      },
      local: options.local,
      localDb: options.localDb,
      joinedAt: await joins.joinedAt(profileId, `${teamJournalTarget(settings)}#${teamKey}`),
      inFlight,
      behind: retryLater,
      now: options.now,
      log,
      desktopId: () => options.author().desktopId,
    });
  }

  /** Read from the keychain once per profile, until the profile changes (forget). */
  const teamKeys = new Map<string, string>();
  async function teamKeyOf(profileId: string): Promise<string> {
    const known = teamKeys.get(profileId);
    if (known !== undefined) return known;
    const { baseUrl, apiKey } = await book.credentials(profileId);
    // By origin, as before keys were tied to a path: every desktop of the team keeps the same key.
    const teamKey = teamProfileKey(baseUrlOriginOf(baseUrl) ?? baseUrl, apiKey);
    teamKeys.set(profileId, teamKey);
    return teamKey;
  }

  async function drop(profileId: string): Promise<void> {
    teamKeys.delete(profileId);
    const cached = stores.get(profileId);
    if (!cached) return;
    stores.delete(profileId);
    const store = await cached.store.catch(() => null);
    await store?.close();
  }

  /**
   * The profiles without a team journal whose leaving is done (their store dropped, their join
   * forgotten): not done again at each of their calls. Only a team journal (below) takes one off.
   */
  const left = new Set<string>();

  async function teamStoreFor(profileId: string): Promise<TeamStore | null> {
    const record = book.get(profileId);
    const settings = record.teamJournal ?? null;
    if (settings === null) {
      if (left.has(profileId)) return null;
      await drop(profileId);
      await joins.leave(profileId);
      left.add(profileId);
      return null;
    }
    left.delete(profileId);
    const teamKey = await teamKeyOf(profileId);
    const opened = JSON.stringify([settings, teamKey]);
    // From here to the set, no await: two calls at once share one store.
    const cached = stores.get(profileId);
    if (cached?.opened === opened) return cached.store;
    const store = openStore(profileId, settings, teamKey);
    stores.set(profileId, { opened, store });
    // A store that could not be made (no password stored, say) is made again on next use.
    store.catch(() => stores.get(profileId)?.store === store && stores.delete(profileId));
    if (cached) track(cached.store.then((old) => old.close()).catch(() => {}));
    return store;
  }

  return {
    journalFor: async (profileId) => (await teamStoreFor(profileId)) ?? options.local,
    uploadHistory: async (profileId) => {
      const store = await teamStoreFor(profileId);
      if (!store) throw worded({ kind: 'invalid_request', fields: {} }, { id: 'main.platform.teamJournal.noUpload' });
      const count = await store.uploadHistory();
      return { moved: count.moved, alreadyThere: count.alreadyThere, conflicts: count.conflicts, message: uploadMessage(count) };
    },
    waiting: async (profileId) => (await teamStoreFor(profileId))?.waiting() ?? 0,
    // This desktop's own journal is its data folder's file: every entry in it, this desktop wrote.
    madeHere: async (profileId, entryId) => {
      const store = await teamStoreFor(profileId);
      return store ? store.madeHere(profileId, entryId) : true;
    },
    withdrawalsFor: async (profileId) => {
      const store = await teamStoreFor(profileId);
      if (!store) return sqliteWithdrawalDesk(options.localDb, { account: profileId, author: options.author, now: options.now });
      const settings = book.get(profileId).teamJournal;
      const where = settings ? teamJournalPlace(settings) : 'the team journal';
      return teamWithdrawalDesk(await store.teamPool(), { account: await teamKeyOf(profileId), author: options.author, where });
    },
    forget: drop,
    catchUpAll: () => {
      const teams = book.list().profiles.filter((profile) => profile.teamJournal);
      const all = Promise.all(
        teams.map(async (profile) => {
          try {
            await (await teamStoreFor(profile.id))?.catchUp();
          } catch (error) {
            log('team journal: could not be opened on start', { profileId: profile.id, error: error instanceof Error ? error.message : String(error) });
          }
        }),
      ).then(() => undefined);
      // Tracked, so that close waits for it: main starts it without waiting.
      track(all);
      return all;
    },
    close: async () => {
      if (timer) clearInterval(timer);
      timer = null;
      await Promise.allSettled(background);
      await Promise.all([...stores.keys()].map(drop));
    },
  };
}
