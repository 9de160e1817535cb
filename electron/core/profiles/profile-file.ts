import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { PROFILE_KINDS } from '../../../shared/ipc/profile.ts';
import { AppFailure } from '../../../shared/ipc/errors.ts';

/**
 * profiles.json in the data folder: what may be known about each profile without the keychain.
 * Never a key or a secret; only the key's last 4 characters, to tell profiles apart.
 */

export const PROFILES_FILE = 'profiles.json';

export const profileRecord = z.object({
  id: z.string().min(1),
  name: z.string(),
  /** Empty for the local sandbox: its port is chosen when it starts. */
  baseUrl: z.string(),
  kind: z.enum(PROFILE_KINDS),
  keyHint: z.string().max(4).nullable(),
  createdAt: z.string(),
});
export type ProfileRecord = z.infer<typeof profileRecord>;

export const profileFile = z.object({
  version: z.literal(1),
  activeId: z.string().nullable(),
  profiles: z.array(profileRecord),
});
export type ProfileFile = z.infer<typeof profileFile>;

export const emptyProfileFile = (): ProfileFile => ({ version: 1, activeId: null, profiles: [] });

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
  const parsed = profileFile.safeParse(json);
  if (!parsed.success) {
    throw new AppFailure({ kind: 'configuration', message: `${PROFILES_FILE} in the data folder is damaged.` });
  }
  return parsed.data;
}

/** Writes a temp file beside the real one and renames it over, so a crash never leaves half a file. */
export async function writeProfileFile(dataDir: string, file: ProfileFile): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const target = join(dataDir, PROFILES_FILE);
  const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temp, `${JSON.stringify(profileFile.parse(file), null, 2)}\n`, { mode: 0o600 });
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
