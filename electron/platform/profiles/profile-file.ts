import { join } from 'node:path';
import { z } from 'zod';
import type { ProfileKind } from '../../../shared/ipc/profile.ts';
import { teamJournalSettings } from '../../../shared/ipc/team-journal-settings.ts';
import { readDataFile, writeDataFile } from './data-file.ts';
import { kindOfProfile, LOCAL_SANDBOX_ID } from './profile-kind.ts';

/**
 * profiles.json in the data folder: what may be known about each profile without the keychain.
 * Never a key or a secret; only the key's last 4 characters, to tell profiles apart. Any process
 * of the same user can edit it, so nothing in it decides where credentials go (bound-credentials.ts)
 * and a profile's kind is worked out from its id and address, never read from here.
 */

export const PROFILES_FILE = 'profiles.json';

/** A profile as stored. z.object drops the `kind` that earlier versions wrote: it is not trusted. */
const storedProfile = z.object({
  id: z.string().min(1),
  name: z.string(),
  /** Empty for the local sandbox: its port is chosen when it starts. */
  baseUrl: z.string(),
  keyHint: z.string().max(4).nullable(),
  createdAt: z.string(),
  /** The team journal it records into; absent in files of earlier versions: none. */
  teamJournal: teamJournalSettings.nullable().default(null),
  /** The merchant the profile is for, as the person typed it (dispute reports print it); absent in files of earlier versions: none. */
  merchantName: z.string().nullable().default(null),
  /**
   * The merchant's callback receiver (receiverAddressOf); absent in files of earlier versions: none.
   * Like the base URL, it decides nothing alone: reads are signed only for the receiver URL the
   * keychain entry names (bound-credentials.ts).
   */
  receiverUrl: z.string().nullable().default(null),
});
type StoredProfile = z.infer<typeof storedProfile>;

/** A profile as main works with it: as stored, with the kind its id and address give it. */
export type ProfileRecord = StoredProfile & { kind: ProfileKind };

const storedFile = z.object({
  version: z.literal(1),
  activeId: z.string().nullable(),
  profiles: z.array(storedProfile),
});

export type ProfileFile = { version: 1; activeId: string | null; profiles: ProfileRecord[] };

export const emptyProfileFile = (): ProfileFile => ({ version: 1, activeId: null, profiles: [] });

/**
 * The local sandbox's address belongs to the app: whatever the file says of it is dropped, and so
 * is a team journal (its sandbox exists on this desktop only) and a receiver (it runs its own).
 */
export function profileRecordOf(stored: Omit<StoredProfile, 'receiverUrl'> & { receiverUrl?: string | null }): ProfileRecord {
  const sandbox = stored.id === LOCAL_SANDBOX_ID;
  const baseUrl = sandbox ? '' : stored.baseUrl;
  return {
    ...stored,
    baseUrl,
    teamJournal: sandbox ? null : stored.teamJournal,
    receiverUrl: sandbox ? null : (stored.receiverUrl ?? null),
    kind: kindOfProfile(stored.id, baseUrl),
  };
}

/** Reads the file; null when it does not exist yet (first run). */
export async function readProfileFile(dataDir: string): Promise<ProfileFile | null> {
  const stored = await readDataFile(join(dataDir, PROFILES_FILE), storedFile);
  return stored && { ...stored, profiles: stored.profiles.map(profileRecordOf) };
}

/** Written whole or not at all (data-file.ts). */
export async function writeProfileFile(dataDir: string, file: ProfileFile): Promise<void> {
  // storedFile.parse leaves the kind out: it is worked out again on every read.
  await writeDataFile(join(dataDir, PROFILES_FILE), storedFile.parse(file));
}
