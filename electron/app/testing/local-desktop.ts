import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { EntryOutcome } from '../../../shared/ipc/index.ts';
import { createMemorySecretStore } from '../../platform/profiles/secret-store.ts';
import { createMainServices } from '../main-services.ts';
import type { MainServices } from '../main-services.ts';
import { routerCalls } from './router-calls.ts';

export type Outcomes = { source: { kind: string }; outcomes: Array<{ entryId: number; outcome: EntryOutcome }> };

/**
 * A desktop on the Local sandbox for one test file: the app's own main services in a data folder
 * of their own, made afresh before each test and closed and removed after, so that each test starts
 * with an empty journal, receiver and sandbox. The sandbox's clock can be moved on (blocks are
 * mined by time), an entry's outcome is read as History reads it, and a dispute report as text.
 */
export function localDesktop(name: string) {
  let dataDir = '';
  let services: MainServices | undefined;
  let offset = 0;
  const running = (): MainServices => {
    if (!services) throw new Error('The desktop runs only inside a test');
    return services;
  };
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), `mc-${name}-`));
    offset = 0;
    services = await createMainServices({ dataDir, secretStore: createMemorySecretStore(), sandboxClock: () => Date.now() + offset, log: () => undefined });
  });
  afterEach(async () => {
    await services?.close();
    services = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });
  const { call, value } = routerCalls(running);
  return {
    services: running,
    call,
    value,
    /** Moves the sandbox's clock on, as if `ms` had passed (its chain confirms by time). */
    passTime: (ms: number) => void (offset += ms),
    outcomeOf: async (entryId: number): Promise<EntryOutcome | undefined> =>
      (await value<Outcomes>('outcomes.forEntries', { ids: [entryId] })).outcomes.find((o) => o.entryId === entryId)?.outcome,
    /** The dispute report of a journal entry, as pdftotext reads it, its white space made single spaces. */
    disputeReportText: async (journalId: number): Promise<string> => {
      const { path } = await value<{ path: string | null }>('reports.disputePdf', { id: journalId });
      return execFileSync('pdftotext', ['-layout', path ?? '', '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    },
  };
}
