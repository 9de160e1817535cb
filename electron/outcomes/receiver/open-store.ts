import { readFileSync } from 'node:fs';
import type { EventStore } from './store.ts';
import { openPostgresStore, parsePostgresUrl } from './store-postgres.ts';
import { openSqliteStore } from './store-sqlite.ts';

/** The default store: a SQLite file in the working folder. */
export const DEFAULT_STORE = 'sqlite:receiver-events.sqlite';

/**
 * Opens `sqlite:PATH` or `postgres://USER@HOST:PORT/DB`. The PostgreSQL password comes from
 * `passwordFile` (its first line) or else PGPASSWORD, never from the command line.
 */
export async function openReceiverStore(spec: string, options: { passwordFile?: string; env: NodeJS.ProcessEnv }): Promise<EventStore> {
  if (spec.startsWith('sqlite:')) {
    const file = spec.slice('sqlite:'.length);
    if (file === '') throw new Error('Give the SQLite file as sqlite:PATH');
    return openSqliteStore(file);
  }
  if (spec.startsWith('postgres://') || spec.startsWith('postgresql://')) {
    const target = parsePostgresUrl(spec);
    const fromFile = options.passwordFile === undefined ? undefined : (readFileSync(options.passwordFile, 'utf8').split(/\r?\n/)[0] ?? '');
    const password = fromFile ?? options.env['PGPASSWORD'];
    return openPostgresStore(target, password === '' ? undefined : password);
  }
  throw new Error('--store takes sqlite:PATH or postgres://USER@HOST:PORT/DB');
}
