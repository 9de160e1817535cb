import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { JOURNAL_SEARCH_PATH_OPTION } from '../postgres/schema-safety.ts';
import { inject } from 'vitest';
import type { SharedPostgres } from './postgres-global-setup.ts';
import type { PostgresAddress } from './postgres-server.ts';

/**
 * A database of its own, owned by a login role of its own with a password, on the test server:
 * what a team's administrator would hand the console. One per test file, so files running side by
 * side on one server never see each other's entries; `drop` removes both.
 */

export type TeamDatabase = {
  host: string;
  port: number;
  database: string;
  user: string;
  password: string;
  /** A new pool on this database as its owner; the caller ends it. */
  pool(config?: pg.PoolConfig): pg.Pool;
  drop(): Promise<void>;
};

const adminClient = (address: PostgresAddress): pg.Client =>
  new pg.Client({ host: address.host, port: address.port, user: address.admin.user, password: address.admin.password, database: 'postgres', connectionTimeoutMillis: 10_000 });

async function asAdmin<T>(address: PostgresAddress, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = adminClient(address);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** `label` names the database after its test file, to read in the server's log; it is cut to a safe identifier. */
export async function createTeamDatabase(address: PostgresAddress, label: string): Promise<TeamDatabase> {
  const name = `mc_${label.toLowerCase().replace(/[^a-z0-9]+/g, '_').slice(0, 30)}_${randomBytes(4).toString('hex')}`;
  const password = randomBytes(18).toString('base64url');
  await asAdmin(address, async (client) => {
    // Identifiers cannot be bound parameters; `name` is built above from [a-z0-9_] only, and the password from base64url.
    await client.query(`CREATE ROLE ${name} LOGIN PASSWORD '${password}'`);
    await client.query(`CREATE DATABASE ${name} OWNER ${name}`);
  });
  const connection = { host: address.host, port: address.port, database: name, user: name, password };
  return {
    ...connection,
    pool: (config = {}) => {
      const pool = new pg.Pool({ ...connection, connectionTimeoutMillis: 10_000, options: JOURNAL_SEARCH_PATH_OPTION, ...config });
      // An idle client whose server goes away (the database dropped WITH (FORCE), the server stopped)
      // emits 'error' on the pool; without a listener Node throws it as an uncaught exception. Calls
      // in flight still reject, so no test loses a failure by this.
      pool.on('error', () => {});
      return pool;
    },
    drop: () =>
      asAdmin(address, async (client) => {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.query(`DROP ROLE IF EXISTS ${name}`);
      }),
  };
}

/** In a test of the `postgres` project: a database of its own on the run's shared server (postgres-global-setup.ts). */
export async function teamDatabaseForTest(label: string): Promise<TeamDatabase> {
  const shared: SharedPostgres = inject('postgres');
  if ('unavailable' in shared) throw new Error(`The tests' PostgreSQL server could not start: ${shared.unavailable}`);
  return createTeamDatabase(shared.address, label);
}
