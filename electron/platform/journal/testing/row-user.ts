import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { JOURNAL_SEARCH_PATH_OPTION } from '../postgres/schema-safety.ts';
import { rowGrants } from '../postgres/postgres-migrations.ts';
import type { PostgresAddress } from './postgres-server.ts';
import type { TeamDatabase } from './team-database.ts';

/**
 * A second desktop's user on a team's database, as the README tells an administrator to make one
 * when desktops do not all connect as the owner: a login role that may connect, has no CREATE on
 * the schema (PostgreSQL 15 and later take it from PUBLIC anyway; older ones gave it), and, once
 * `grantRows` ran, may read and write the journal's rows, nothing more. It owns nothing, so it can
 * never make or upgrade the journal's tables.
 */

export type RowUser = {
  user: string;
  password: string;
  /** A pool on the team's database as this user; `drop` ends it. */
  pool(config?: pg.PoolConfig): pg.Pool;
  /**
   * The rights the README lists, on the journal's tables (they must exist: the owner made them);
   * `only` keeps some of them (those of an older version's tables, say).
   */
  grantRows(only?: (grant: string) => boolean): Promise<void>;
  drop(): Promise<void>;
};

/** Runs `statements` in `database` as the test server's superuser, as an administrator would. */
export async function asServerAdmin(address: PostgresAddress, database: string, statements: readonly string[]): Promise<void> {
  const client = new pg.Client({ host: address.host, port: address.port, user: address.admin.user, password: address.admin.password, database });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function createRowUser(address: PostgresAddress, team: TeamDatabase): Promise<RowUser> {
  const user = `desk_${randomBytes(4).toString('hex')}`;
  const password = randomBytes(18).toString('base64url');
  const asAdmin = (statements: string[], database = team.database) => asServerAdmin(address, database, statements);
  // Identifiers cannot be bound parameters: the name is [a-z0-9_] only, the password base64url.
  await asAdmin([`CREATE ROLE ${user} LOGIN PASSWORD '${password}'`, 'REVOKE CREATE ON SCHEMA public FROM PUBLIC', `GRANT CONNECT ON DATABASE ${team.database} TO ${user}`]);
  const pools: pg.Pool[] = [];
  return {
    user,
    password,
    pool: (config = {}) => {
      const pool = new pg.Pool({ host: team.host, port: team.port, database: team.database, user, password, connectionTimeoutMillis: 10_000, options: JOURNAL_SEARCH_PATH_OPTION, ...config });
      // As team-database.ts's pools: an idle client whose server goes away must not end the test process.
      pool.on('error', () => {});
      pools.push(pool);
      return pool;
    },
    grantRows: (only = () => true) => asAdmin(rowGrants(user).filter(only)),
    drop: async () => {
      await Promise.all(pools.map((pool) => pool.end()));
      await asAdmin([`DROP OWNED BY ${user}`]);
      await asAdmin([`DROP ROLE IF EXISTS ${user}`], 'postgres');
    },
  };
}
