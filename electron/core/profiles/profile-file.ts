import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { ProfileKind } from '../../../shared/ipc/profile.ts';
import { AppFailure } from '../../../shared/ipc/errors.ts';
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

/** The local sandbox's address belongs to the app: whatever the file says of it is dropped. */
export function profileRecordOf(stored: StoredProfile): ProfileRecord {
  const baseUrl = stored.id === LOCAL_SANDBOX_ID ? '' : stored.baseUrl;
  return { ...stored, baseUrl, kind: kindOfProfile(stored.id, baseUrl) };
}

/** Reads the file; null when it does not exist yet (first run). */
export async function readProfileFile(dataDir: string): Promise<ProfileFile | null> {
  let text: string;
  try {
    text = await readFile(join(dataDir, PROFILES_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppFailure({ kind: 'configuration', message: `${PROFILES_FILE} in the data folder is damaged (not JSON).` });
  }
  const parsed = storedFile.safeParse(json);
  if (!parsed.success) {
    throw new AppFailure({ kind: 'configuration', message: `${PROFILES_FILE} in the data folder is damaged.` });
  }
  return { ...parsed.data, profiles: parsed.data.profiles.map(profileRecordOf) };
}

/** Writes a temp file beside the real one and renames it over, so a crash never leaves half a file. */
export async function writeProfileFile(dataDir: string, file: ProfileFile): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const target = join(dataDir, PROFILES_FILE);
  const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    // storedFile.parse leaves the kind out: it is worked out again on every read.
    await writeFile(temp, `${JSON.stringify(storedFile.parse(file), null, 2)}\n`, { mode: 0o600 });
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
