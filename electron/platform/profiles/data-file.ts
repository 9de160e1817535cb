import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import type { z } from 'zod';
import { worded } from '../../../shared/ipc/errors.ts';

/**
 * A small JSON file of the data folder (profiles.json, identity.json): read through its schema,
 * written whole or not at all, readable by the user alone (0600) from the moment it exists.
 */

/** The file's content as its schema reads it; null when it does not exist yet (first run). */
export async function readDataFile<T extends z.ZodType>(path: string, schema: T): Promise<z.output<T> | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw worded({ kind: 'configuration' }, { id: 'main.platform.profiles.damagedNotJson', values: { file: basename(path) } });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw worded({ kind: 'configuration' }, { id: 'main.platform.profiles.damaged', values: { file: basename(path) } });
  return parsed.data;
}

/** A temp file beside the real one, renamed over it, so a crash never leaves half a file. */
export async function writeDataFile(path: string, content: unknown): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temp, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
