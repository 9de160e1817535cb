import { randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type pg from 'pg';
import type { JournalEntry } from '../../../shared/ipc/journal.ts';
import type { AppFailure } from '../../../shared/ipc/errors.ts';
import type { JournalStore, PendingInput, SchemaStatus, UploadCount } from '../journal/index.ts';
import { LATEST_JOURNAL_VERSION, mapPage, schemaStatus, teamJournalFailure, uploadLocalHistory, waitingCount } from '../journal/index.ts';
import { teamEntryMadeHere } from './entry-desktop.ts';
import { ownSentMarks } from './own-sent-marks.ts';
import type { SentSubmission } from './own-sent-marks.ts';
import { readingRefused, submissionRefused, teamJournalUnusable, uploadRefused } from './unavailable.ts';

/**
 * A profile's journal when it has a team journal, as the handlers see every journal
 * (journal/store.ts): they pass the profile's own id, and this files and finds its entries under
 * the team's profile key (team-profile-key.ts), which every desktop of the merchant account shares.
 *
 * When the team journal cannot be used (unreachable, refusing this desktop, read-only):
 *  - a submission is refused before anything is sent (journal_unavailable, saying why and where);
 *  - a lookup is kept in this desktop's SQLite journal, under the profile's own id, and uploaded
 *    (journal/postgres/upload-history.ts) once the team journal is back;
 *  - reading (History, search, attention, a dispute report) fails with journal_unavailable.
 * An entry this desktop left pending and another desktop's person resolved meanwhile (its outcome
 * silent too long, shared/submission/silent-pending.ts) keeps that resolution: the team journal's
 * finish and recovery settle only what is still pending.
 * "Back" is found out by the next call that reaches it, or by the routing's timer (journal-routing.ts):
 * this desktop then settles its own submissions an outage cut off (recoverInterrupted) and uploads
 * what it kept meanwhile, before the call itself runs.
 */

export type TeamStoreOptions = {
  localProfileId: string;
  teamKey: string;
  /** host:port/database, for the words of a failure. */
  where: string;
  /**
   * Opens the team journal (its pool, then the journal, migrating it if need be); retried after a
   * failure, which is an AppFailure saying what failed (no password stored, server unreachable, ...).
   */
  connect: () => Promise<TeamConnection>;
  /** Ends the pool `connect` made, if it made one. */
  disconnect: () => Promise<void>;
  /** This desktop's SQLite journal, and its file: lookups wait there during an outage. */
  local: JournalStore;
  localDb: DatabaseSync;
  /** When the profile joined this team journal: local entries from then on are uploaded by themselves. */
  joinedAt: string;
  /** Submissions in flight in this process, on every team journal: recovery waits until there are none. */
  inFlight: { count: number };
  /** The team journal could not be used, and something waits: the routing's timer tries again. */
  behind: (store: TeamStore) => void;
  now: () => number;
  log: (message: string, details: Record<string, unknown>) => void;
  /** This desktop's own id (journal/store.ts, Author): which entries it wrote. */
  desktopId: () => string;
};

export type TeamConnection = { pool: pg.Pool; journal: JournalStore };

export type TeamStore = JournalStore & {
  /** Settles this desktop's interrupted submissions and uploads what waits; a no-op when nothing is behind. */
  catchUp(): Promise<void>;
  /** Whether a catch-up is still to do. */
  isBehind(): boolean;
  /** Lookups kept locally since joining, not yet uploaded. */
  waiting(): number;
  /** The profile's whole local history (joining): every settled entry not yet uploaded. */
  uploadHistory(): Promise<UploadCount>;
  /** Whether this desktop wrote the profile's entry (entry-desktop.ts); null when the journal does not say. */
  madeHere(profileId: string, entryId: number): Promise<boolean | null>;
  /** The team journal's pool, caught up first (its withdrawals, journal/withdrawals/team-withdrawals.ts); refused as a submission is when unusable. */
  teamPool(): Promise<pg.Pool>;
  close(): Promise<void>;
};

export function createTeamStore(options: TeamStoreOptions): TeamStore {
  const { localProfileId, teamKey, localDb } = options;
  let opened: Promise<TeamConnection> | null = null;
  let schema: SchemaStatus = schemaStatus(0, LATEST_JOURNAL_VERSION);
  // Behind from the start: the last run may have been cut off mid-submission, or kept lookups locally.
  let behind = true;
  /** One catch-up or upload at a time: two would race to copy the same rows (harmless, but counted twice). */
  let chain: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const run = chain.then(work);
    chain = run.catch(() => undefined);
    return run;
  };

  const connection = (): Promise<TeamConnection> =>
    (opened ??= options.connect().then(
      (connected) => {
        schema = connected.journal.schema;
        return connected;
      },
      (error: unknown) => {
        opened = null;
        throw error;
      },
    ));

  const fellBehind = () => {
    behind = true;
    options.behind(store);
  };

  const team = async (): Promise<JournalStore> => (await connection()).journal;
  const upload = async (since: string | undefined) =>
    uploadLocalHistory(localDb, (await connection()).pool, options.where, { localProfileId, teamKey, at: new Date(options.now()).toISOString(), ...(since ? { since } : {}) });

  /** The catch-up itself; run only inside `serially`, where no begin of this store can interleave with recovery. */
  async function catchUpNow(): Promise<void> {
    if (!behind) return;
    const journal = await team();
    try {
      // Not while a submission of this process is in flight: its pending entry was not cut off.
      if (options.inFlight.count === 0) {
        const settled = await journal.recoverInterrupted();
        if (settled.length > 0) options.log('team journal: submissions cut off are now settled', { ids: settled.map((e) => e.id) });
      }
      if (!schema.readOnly) {
        const count = await upload(options.joinedAt);
        if (count.moved + count.alreadyThere > 0) options.log('team journal: lookups kept locally are uploaded', { ...count });
      }
      // Read-only, what waits stays until this console is updated; a retry would change nothing.
      behind = options.inFlight.count > 0;
    } catch (error) {
      if (teamJournalUnusable(error)) throw error;
      // Not the team journal's own failure (this desktop's file refused the upload mark, say): the
      // call that asked goes on, and the routing's timer tries again.
      options.log('team journal: a catch-up failed', { error: error instanceof Error ? error.message : String(error) });
      options.behind(store);
    }
  }
  const catchUp = (): Promise<void> => serially(catchUpNow);

  /** A failure of the team journal itself is told as `refuse` says, and leaves the store behind. */
  async function refusing<T>(work: () => Promise<T>, refuse: (error: AppFailure) => AppFailure): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!teamJournalUnusable(error)) throw error;
      fellBehind();
      throw refuse(error);
    }
  }
  /** Runs `work` on the team journal, caught up first. */
  const withTeam = <T>(work: (journal: JournalStore) => Promise<T>, refuse: (error: AppFailure) => AppFailure): Promise<T> =>
    refusing(async () => {
      if (behind) await catchUp();
      return work(await team());
    }, refuse);
  const writing = <T>(work: (journal: JournalStore) => Promise<T>) => withTeam(work, submissionRefused);
  const reading = <T>(work: (journal: JournalStore) => Promise<T>) => withTeam(work, (error) => readingRefused(error, waiting()));

  const keyOf = (profileId: string): string => {
    if (profileId !== localProfileId) throw new Error(`This journal is profile ${localProfileId}'s, not ${profileId}'s.`);
    return teamKey;
  };
  const toTeam = (input: PendingInput): PendingInput => ({ ...input, profileId: keyOf(input.profileId) });
  /** The team's entry as the handlers know it: under the profile's own id; another account's is not this profile's. */
  const ours = (entry: JournalEntry): JournalEntry | null => (entry.profileId === teamKey ? { ...entry, profileId: localProfileId } : null);
  const ourEntry = (entry: JournalEntry): JournalEntry => ours(entry) ?? entry;
  const ourList = (entries: JournalEntry[]): JournalEntry[] => entries.flatMap((entry) => ours(entry) ?? []);

  const waiting = (): number => waitingCount(localDb, { localProfileId, since: options.joinedAt });

  /** What this desktop sent through the team journal, kept in its own file too (own-sent-marks.ts). */
  const marks = ownSentMarks(localDb, { teamJournal: options.where, profileKey: teamKey });
  /** This process's submissions begun under a foreign id and not yet settled: what their sent mark records here. */
  const begun = new Map<number, Omit<SentSubmission, 'entryId'>>();

  const store: TeamStore = {
    engine: 'postgres',
    get schema() {
      return schema;
    },
    // In the serial chain, after any catch-up: a recovery never reads a pending row being written.
    begin: (input, admit) =>
      refusing(
        () =>
          serially(async () => {
            await catchUpNow();
            const journal = await team();
            options.inFlight.count += 1;
            try {
              const id = await journal.begin(toTeam(input), marks.admitting(input.operation, input.foreignId, admit));
              if (input.foreignId) begun.set(id, { operation: input.operation, foreignId: input.foreignId });
              return id;
            } catch (error) {
              options.inFlight.count -= 1;
              throw error;
            }
          }),
        submissionRefused,
      ),
    // The team's mark first, then this desktop's: the transport waits for both before any byte leaves.
    markSent: async (id) => {
      await writing((journal) => journal.markSent(id));
      const submission = begun.get(id);
      if (submission) marks.record({ ...submission, entryId: id }, new Date(options.now()));
    },
    finish: async (id, outcome) => {
      try {
        return ourEntry(await writing((journal) => journal.finish(id, outcome)));
      } finally {
        begun.delete(id);
        options.inFlight.count -= 1;
      }
    },
    record: async (input, outcome) => {
      // One uid wherever it ends up: if the team journal took it but the answer was lost on the way
      // back, the upload of the copy kept here finds it there, and copies nothing.
      const lookup = { ...input, entryUid: input.entryUid ?? randomUUID() };
      try {
        // One statement, settled (journal/postgres/team-journal.ts): no pending row for a recovery to meet.
        return ourEntry(await writing((journal) => journal.record(toTeam(lookup), outcome)));
      } catch (error) {
        if (!teamJournalUnusable(error)) throw error;
        // Nothing is lost: kept here, under the profile's own id, until the team journal is back.
        options.log('team journal: a lookup is kept on this computer until it is back', { profileId: localProfileId });
        return { ...(await options.local.record(lookup, outcome)), keptLocally: true };
      }
    },
    get: async (id) => {
      const entry = await reading((journal) => journal.get(id));
      return entry && ours(entry);
    },
    resolve: async (id, state, note) => ourEntry(await writing((journal) => journal.resolve(id, state, note))),
    // Recovery is part of the catch-up, which also runs by itself; here for the interface's sake.
    recoverInterrupted: async () => {
      await store.catchUp();
      return [];
    },
    search: async (profileId, query) => mapPage(await reading((journal) => journal.search(keyOf(profileId), query)), ours),
    attention: async (profileId) => mapPage(await reading((journal) => journal.attention(keyOf(profileId))), ours),
    people: (profileId) => reading((journal) => journal.people(keyOf(profileId))),
    findByForeignId: async (profileId, operation, foreignId) => {
      const entry = await reading((journal) => journal.findByForeignId(keyOf(profileId), operation, foreignId));
      return entry && ours(entry);
    },
    triesOf: async (profileId, operation, foreignId) => ourList(await reading((journal) => journal.triesOf(keyOf(profileId), operation, foreignId))),
    lastId: (profileId) => reading((journal) => journal.lastId(keyOf(profileId))),
    // Still unusable: the routing's timer tries again; nobody waits on this for an answer.
    catchUp: async () => {
      try {
        await catchUp();
      } catch (error) {
        if (!teamJournalUnusable(error)) throw error;
        fellBehind();
      }
    },
    isBehind: () => behind,
    teamPool: () =>
      refusing(async () => {
        if (behind) await catchUp();
        return (await connection()).pool;
      }, submissionRefused),
    waiting,
    uploadHistory: () =>
      refusing(
        () =>
          serially(async () => {
            await team();
            return upload(undefined);
          }),
        uploadRefused,
      ),
    madeHere: (profileId, entryId) =>
      reading(async () => {
        const { pool } = await connection();
        try {
          return await teamEntryMadeHere(pool, keyOf(profileId), entryId, options.desktopId());
        } catch (error) {
          throw teamJournalFailure(error, options.where);
        }
      }),
    close: async () => {
      await chain;
      await options.disconnect();
    },
  };
  return store;
}
