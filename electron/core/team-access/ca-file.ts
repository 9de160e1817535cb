import { X509Certificate } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { AppFailure } from '../../../shared/ipc/errors.ts';

/**
 * A team journal's CA file (issue 15): the PEM certificates of the authority a company's database
 * certificate chains to, trusted beside the system's. Checked when a person names it, and read
 * again whenever a pool is opened: the file may have been replaced since.
 */

/** A CA bundle is a few kB; a file far larger is not one, and is not read whole into main. */
const MAX_BYTES = 1024 * 1024;
const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** What is wrong with the file's text as a CA file, in words; null when every certificate in it can be read. */
function pemProblem(text: string): string | null {
  const blocks = text.match(PEM_BLOCK) ?? [];
  if (blocks.length === 0) return 'holds no PEM certificate (-----BEGIN CERTIFICATE-----)';
  for (const block of blocks) {
    try {
      new X509Certificate(block);
    } catch {
      return 'holds a certificate that cannot be read';
    }
  }
  return null;
}

function readProblem(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'does not exist';
  if (code === 'EACCES' || code === 'EPERM') return 'cannot be read by this user';
  return `cannot be read (${code ?? 'unknown reason'})`;
}

/**
 * The file's text, or why it is no CA file. Only a regular file of at most 1 MB is read: a path
 * such as /dev/zero or a pipe would otherwise hang or fill main's memory.
 */
function examine(path: string): { pem: string } | { problem: string } {
  if (!isAbsolute(path)) return { problem: 'must be given by its full path' };
  let fd: number;
  try {
    // Non-blocking: opening a named pipe for reading would otherwise wait for a writer (no such flag on Windows, nor such a wait).
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    return { problem: readProblem(error) };
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return { problem: 'is not a file' };
    if (stats.size > MAX_BYTES) return { problem: 'is larger than 1 MB, which no CA file is' };
    const pem = readFileSync(fd, 'utf8');
    const problem = pemProblem(pem);
    return problem ? { problem } : { pem };
  } catch (error) {
    return { problem: readProblem(error) };
  } finally {
    closeSync(fd);
  }
}

/** For the profile form: why this path cannot be the CA file, or null when it can. */
export function caFileProblem(path: string): string | null {
  const read = examine(path);
  return 'problem' in read ? `The CA file ${path} ${read.problem}.` : null;
}

/** For a pool: the file's PEM text, or a configuration failure naming what to fix. */
export function readCaFile(path: string): string {
  const read = examine(path);
  if ('problem' in read) throw new AppFailure({ kind: 'configuration', message: `The team journal's CA file ${path} ${read.problem}. Edit the profile's team journal.` });
  return read.pem;
}
