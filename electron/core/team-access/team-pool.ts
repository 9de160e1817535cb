import pg from 'pg';
import type { TeamJournalSettings } from '../../../shared/ipc/team-journal-settings.ts';
import { teamJournalPlace, teamPoolConfig } from './pool-config.ts';
import type { PoolTuning } from './pool-config.ts';

/** What main writes to its log: words and plain details, never the password. */
export type TeamAccessLog = (message: string, details: Record<string, unknown>) => void;

/**
 * A pool on a team journal, as the app must hold one. An idle client whose server goes away (a
 * restart, a network that drops) emits 'error' on the pool; with no listener, Node throws it as an
 * uncaught exception, which would end main. The listener only logs: calls in flight still reject
 * with their own error, and the pool replaces the dead client on the next call.
 */
export function openTeamPool(settings: TeamJournalSettings, password: string, log: TeamAccessLog, tuning: PoolTuning = {}): pg.Pool {
  const pool = new pg.Pool(teamPoolConfig(settings, password, tuning));
  const where = teamJournalPlace(settings);
  pool.on('error', (error: Error & { code?: unknown }) => {
    log('the team journal dropped an idle connection', { where, code: typeof error.code === 'string' ? error.code : null, error: error.message });
  });
  return pool;
}
