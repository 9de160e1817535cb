import { z } from 'zod';
import { accountsOf } from './secret-store.ts';
import type { SecretStore } from './secret-store.ts';

/**
 * A profile's team journal password, in the keychain like its API secret and tied the
 * same way to the one place it may be sent: postgres://user@host:port/database, checked against
 * the CA file the settings name, if any (shared/ipc/team-journal-settings.ts, teamJournalBinding).
 * The binding and the password are one entry (its `target` field holds the binding), so they can
 * only change together; a profile whose settings point anywhere else or name another CA file (a
 * host changed without typing the password again, or profiles.json edited by another program) does
 * not get it. An entry stored before the CA file was part of the binding still serves a profile
 * without one; with one, the password is asked for once more.
 */

export type TeamJournalPassword = { target: string; password: string };

const storedEntry = z.object({ target: z.string().min(1), password: z.string().min(1) }).strict();

export function createTeamPasswordVault(secrets: SecretStore) {
  return {
    /** Null when none is stored, or the entry is not one of ours. */
    read: async (profileId: string): Promise<TeamJournalPassword | null> => {
      const text = await secrets.get(accountsOf(profileId).teamJournal);
      if (text === null) return null;
      try {
        const parsed = storedEntry.safeParse(JSON.parse(text));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
    write: (profileId: string, entry: TeamJournalPassword): Promise<void> => secrets.set(accountsOf(profileId).teamJournal, JSON.stringify(storedEntry.parse(entry))),
    remove: async (profileId: string): Promise<void> => {
      await secrets.delete(accountsOf(profileId).teamJournal);
    },
  };
}

export type TeamPasswordVault = ReturnType<typeof createTeamPasswordVault>;
