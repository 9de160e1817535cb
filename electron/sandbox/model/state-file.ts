import { existsSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { IdsSeen } from './id-floor.ts';
import { idsSeenIn, raiseCounters } from './id-floor.ts';
import { initialData, loadData, NewerStateError } from './persistence.ts';
import type { SandboxData } from './types.ts';

/**
 * The state file as the sandbox starts from it (the stateFile option). Never a start that fails
 * because of what is in the file:
 *  - absent: a first start, from nothing;
 *  - whole: its state, each id counter past every id its records name (id-floor.ts);
 *  - damaged (not JSON, parts missing, cut short) or saved by a newer version: the file is renamed
 *    aside, `<name>.damaged-<time>` or `<name>.newer-<time>`, never deleted nor overwritten (a
 *    person may mend it, and a newer version must find its state again when it comes back), and
 *    the sandbox starts fresh with every id counter past every id named in that file and in any
 *    set aside before. Fresh, because a state read in part would hold balances nobody can check;
 *    ids past all of those seen, because the app's History keeps the ids the sandbox gave, and a
 *    new invoice under an old one's id would show two invoices as one. A file too damaged to name
 *    any id leaves the counters where a first start puts them: only damage from outside can do
 *    that, as the sandbox itself writes whole files only (persistence.ts).
 */

export type StateSetAside = { file: string; keptAs: string; reason: string };

export type OpenedState = { data: SandboxData | null; setAside: StateSetAside | null };

const SET_ASIDE = ['damaged', 'newer'] as const;

/** Ids named in the files set aside beside `path` by earlier starts. */
function idsSetAsideBefore(path: string): IdsSeen[] {
  const prefixes = SET_ASIDE.map((kind) => `${basename(path)}.${kind}-`);
  return readdirSync(dirname(path))
    .filter((name) => prefixes.some((prefix) => name.startsWith(prefix)))
    .map((name) => idsSeenIn(readFileSync(join(dirname(path), name), 'latin1')));
}

export function openStateFile(path: string, options: { seed: number; now: () => number }): OpenedState {
  if (!existsSync(path)) return { data: null, setAside: null };
  const text = readFileSync(path, 'latin1');
  try {
    const data = loadData(path);
    raiseCounters(data, idsSeenIn(text));
    return { data, setAside: null };
  } catch (error) {
    const kind = error instanceof NewerStateError ? 'newer' : 'damaged';
    const keptAs = `${path}.${kind}-${new Date(options.now()).toISOString().replace(/[:.]/g, '-')}`;
    const seenBefore = idsSetAsideBefore(path);
    renameSync(path, keptAs);
    const data = initialData(options.seed);
    for (const seen of [idsSeenIn(text), ...seenBefore]) raiseCounters(data, seen);
    return { data, setAside: { file: path, keptAs, reason: error instanceof Error ? error.message : String(error) } };
  }
}
