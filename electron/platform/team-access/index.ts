/**
 * The team journal's connection: the pool's options with TLS required and verified,
 * the pool with its 'error' listener, the CA file check, and "Test connection". Other code imports
 * this file only.
 */
export type { TeamJournalSettings } from '../../../shared/ipc/team-journal-settings.ts';
export { teamJournalTarget } from '../../../shared/ipc/team-journal-settings.ts';
export { caFileProblem, readCaFile } from './ca-file.ts';
export { APPLICATION_NAME, isLoopbackDatabaseHost, teamJournalPlace, teamPoolConfig } from './pool-config.ts';
export { openTeamPool } from './team-pool.ts';
export type { TeamAccessLog } from './team-pool.ts';
export { testTeamConnection } from './connection-test.ts';
export type { ConnectionTestOptions } from './connection-test.ts';
export type { PoolTuning } from './pool-config.ts';
