import { join } from 'node:path';
import { z } from 'zod';
import { readDataFile, writeDataFile } from '../profiles/index.ts';

/**
 * team-journal-joins.json in the data folder: since when each profile of this desktop records into
 * its team journal. It tells apart the two kinds of local entries that wait for it:
 *  - the history from before the profile joined, which is uploaded only when a person says so
 *    (profiles.uploadHistory, offered when the profile is saved with a team journal);
 *  - the lookups kept locally after it joined, while the team journal could not be reached, which
 *    are uploaded by themselves as soon as it is back: nobody decided to keep those apart.
 * A profile that leaves its team journal, or moves to another one, joins afresh.
 */

export const JOINS_FILE = 'team-journal-joins.json';

const storedJoins = z.object({
  version: z.literal(1),
  profiles: z.record(z.string(), z.object({ team: z.string(), joinedAt: z.string() })),
});
type StoredJoins = z.infer<typeof storedJoins>;

export interface TeamJoins {
  /** When the profile joined this team journal (`team` names it); now, and written down, the first time. */
  joinedAt(profileId: string, team: string): Promise<string>;
  /** The profile no longer records into a team journal. */
  leave(profileId: string): Promise<void>;
}

export async function openTeamJoins(dataDir: string, now: () => number): Promise<TeamJoins> {
  const path = join(dataDir, JOINS_FILE);
  let state: StoredJoins = (await readDataFile(path, storedJoins)) ?? { version: 1, profiles: {} };
  // One change at a time, each written whole before the next.
  let queue: Promise<unknown> = Promise.resolve();
  const change = <T>(work: (draft: StoredJoins) => T): Promise<T> => {
    const run = queue.then(async () => {
      const draft = structuredClone(state);
      const result = work(draft);
      await writeDataFile(path, draft);
      state = draft;
      return result;
    });
    queue = run.catch(() => undefined);
    return run;
  };

  return {
    joinedAt: async (profileId, team) => {
      const known = state.profiles[profileId];
      if (known?.team === team) return known.joinedAt;
      return change((draft) => {
        const joinedAt = new Date(now()).toISOString();
        draft.profiles[profileId] = { team, joinedAt };
        return joinedAt;
      });
    },
    leave: async (profileId) => {
      if (!Object.hasOwn(state.profiles, profileId)) return;
      await change((draft) => void delete draft.profiles[profileId]);
    },
  };
}
