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
  // A client a call holds (a transaction under way) has no pool listener: its connection ending then
  // (an administrator ends the session, the server shuts down) emits 'error' on the client itself,
  // which Node would throw as well. Nothing is lost by listening: the call still hears it, as its
  // statement in flight or its next one rejects, and the pool drops the client when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}
