import { X509Certificate } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import type { MessageId } from '../../../shared/i18n/index.ts';
import { worded } from '../../../shared/ipc/errors.ts';

/**
 * A team journal's CA file: the PEM certificates of the authority a company's database
 * certificate chains to, trusted beside the system's. Checked when a person names it, and read
 * again whenever a pool is opened: the file may have been replaced since.
 */

/** A CA bundle is a few kB; a file far larger is not one, and is not read whole into main. */
const MAX_BYTES = 1024 * 1024;
const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/**
 * What every path that is no readable CA file gets, whatever the reason: missing, a folder, a
 * device or a pipe, not readable by this user, too large, no PEM certificate in it, or one that
 * cannot be parsed. The path comes from the renderer, which is not trusted (the profile form, "Test
 * connection"): told apart, these answers would let it learn, one path at a time, what exists on
 * this computer and who may read it.
 */
const UNREADABLE = 'unreadable';

/** Why a path is no CA file: not a full path, or UNREADABLE. */
type Problem = 'notAbsolute' | typeof UNREADABLE;

/** Whether the text holds at least one PEM certificate, and every one of them can be read. */
function holdsPemCertificates(text: string): boolean {
  const blocks = text.match(PEM_BLOCK) ?? [];
  if (blocks.length === 0) return false;
  try {
    for (const block of blocks) new X509Certificate(block);
    return true;
  } catch {
    return false;
  }
}

/**
 * The file's text, or why it is no CA file. Only a regular file of at most 1 MB is read: a path
 * such as /dev/zero or a pipe would otherwise hang or fill main's memory.
 */
function examine(path: string): { pem: string } | { problem: Problem } {
  if (!isAbsolute(path)) return { problem: 'notAbsolute' };
  let fd: number;
  try {
    // Non-blocking: opening a named pipe for reading would otherwise wait for a writer (no such flag on Windows, nor such a wait).
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch {
    return { problem: UNREADABLE };
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile() || stats.size > MAX_BYTES) return { problem: UNREADABLE };
    const pem = readFileSync(fd, 'utf8');
    return holdsPemCertificates(pem) ? { pem } : { problem: UNREADABLE };
  } catch {
    return { problem: UNREADABLE };
  } finally {
    closeSync(fd);
  }
}

const PROFILE_FORM: Record<Problem, MessageId> = { notAbsolute: 'main.platform.teamJournal.caFile.notAbsolute', unreadable: 'main.platform.teamJournal.caFile.unreadable' };
const POOL: Record<Problem, MessageId> = { notAbsolute: 'main.platform.teamJournal.caFile.poolNotAbsolute', unreadable: 'main.platform.teamJournal.caFile.poolUnreadable' };

/** For the profile form: why this path cannot be the CA file (a catalogue wording), or null when it can. */
export function caFileProblem(path: string): { id: MessageId; values: { path: string } } | null {
  const read = examine(path);
  return 'problem' in read ? { id: PROFILE_FORM[read.problem], values: { path } } : null;
}

/** For a pool: the file's PEM text, or a configuration failure naming what to fix. */
export function readCaFile(path: string): string {
  const read = examine(path);
  if ('problem' in read) throw worded({ kind: 'configuration' }, { id: POOL[read.problem], values: { path } });
  return read.pem;
}
