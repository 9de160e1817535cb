import { readFileSync, statSync } from 'node:fs';
import { z } from 'zod';

/**
 * The merchants whose callbacks this receiver takes: `[{"key": "...", "secret": "..."}]`, from a
 * file (--merchants FILE) or the environment (MC_RECEIVER_MERCHANTS), never from the command line.
 * A key may be listed more than once with different secrets, and entries may share an `account`:
 * both are how a secret or a key is rotated without losing a callback (docs/receiver.md, "Rotating
 * the secret"). Events are kept per account, which is the key itself unless the entry names one.
 */

export type MerchantEntry = { key: string; secret: string; account: string };

export const MERCHANTS_ENV = 'MC_RECEIVER_MERCHANTS';

const entry = z
  .object({
    key: z.string().trim().min(1, 'is empty'),
    secret: z.string().min(1, 'is empty'),
    account: z.string().trim().min(1, 'is empty').max(200).optional(),
  })
  .strict();
const entries = z.array(entry).min(1, 'names no merchant');

/** Reads the list; the error names what is wrong, never a secret. */
export function readMerchants(text: string, source: string): MerchantEntry[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`${source} is not JSON: it holds [{"key": "...", "secret": "..."}]`);
  }
  const read = entries.safeParse(value);
  if (!read.success) {
    const issue = read.error.issues[0];
    throw new Error(`${source}: ${issue?.path.length ? `${issue.path.join('.')} ` : ''}${issue?.message ?? 'is not a list of merchants'}`);
  }
  return read.data.map(({ key, secret, account }) => ({ key, secret, account: account ?? key }));
}

/** From FILE, or else from the environment; an error when neither gives a list. */
export function loadMerchants(file: string | undefined, env: NodeJS.ProcessEnv): MerchantEntry[] {
  if (file !== undefined) return readMerchants(readFileSync(file, 'utf8'), file);
  const text = env[MERCHANTS_ENV];
  if (text !== undefined && text !== '') return readMerchants(text, MERCHANTS_ENV);
  throw new Error(`Give the merchants' keys and secrets in a file (--merchants FILE) or in ${MERCHANTS_ENV}`);
}

/** Whether users other than the file's owner may read it: a file of secrets should be `chmod 600`. */
export function othersMayRead(file: string): boolean {
  return (statSync(file).mode & 0o044) !== 0;
}
