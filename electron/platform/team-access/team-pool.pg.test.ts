import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { teamDatabaseForTest } from '../journal/testing/team-database.ts';
import type { TeamDatabase } from '../journal/testing/team-database.ts';
import { openTeamPool } from './index.ts';

/** The pool the app holds on a team journal, against the real server of the test run. */

let team: TeamDatabase;
beforeAll(async () => {
  team = await teamDatabaseForTest('team-pool');
});
afterAll(() => team?.drop());

const settings = () => ({ host: '127.0.0.1', port: team.port, database: team.database, user: team.user, caFile: null });

async function asAdmin(sql: string, params: unknown[]): Promise<void> {
  const shared = inject('postgres');
  if ('unavailable' in shared) throw new Error(shared.unavailable);
  const { host, port, admin } = shared.address;
  const client = new pg.Client({ host, port, user: admin.user, password: admin.password, database: 'postgres' });
  await client.connect();
  try {
    await client.query(sql, params);
  } finally {
    await client.end();
  }
}

describe('openTeamPool', () => {
  it("names the app to the server, and verifies TLS when given the CA file", async () => {
    const shared = inject('postgres');
    if ('unavailable' in shared || !shared.address.tls) throw new Error('The shared test server has no TLS.');
    const pool = openTeamPool({ ...settings(), caFile: shared.address.tls.caFile }, team.password, () => undefined);
    try {
      const { rows } = await pool.query<{ application_name: string; ssl: boolean }>(
        'SELECT a.application_name, s.ssl FROM pg_stat_activity a JOIN pg_stat_ssl s USING (pid) WHERE a.pid = pg_backend_pid()',
      );
      expect(rows).toEqual([{ application_name: 'Merchant Console', ssl: true }]);
    } finally {
      await pool.end();
    }
  });

  it("survives an idle connection's death: the 'error' is logged, not thrown (which would end main), and the next call works", async () => {
    const logged: Array<{ message: string; details: Record<string, unknown> }> = [];
    const pool = openTeamPool(settings(), team.password, (message, details) => void logged.push({ message, details }));
    try {
      const { rows } = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const idle = new Promise<void>((resolve) => pool.once('error', () => resolve()));
      // As when the server restarts or an administrator ends the session: the client sits idle in the pool.
      await asAdmin('SELECT pg_terminate_backend($1)', [rows[0]?.pid]);
      await idle;
      expect(logged).toEqual([
        { message: 'the team journal dropped an idle connection', details: { where: `127.0.0.1:${team.port}/${team.database}`, code: '57P01', error: expect.stringContaining('terminating connection') } },
      ]);
      expect(JSON.stringify(logged)).not.toContain(team.password);
      expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await pool.end();
    }
  });

  it("survives a connection's death while a call holds it (a transaction under way): the call hears it, nothing is thrown, and the next call works", async () => {
    const pool = openTeamPool(settings(), team.password, () => undefined);
    try {
      const client = await pool.connect();
      try {
        const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        await client.query('BEGIN');
        const ended = new Promise<void>((resolve) => client.once('end', () => resolve()));
        await asAdmin('SELECT pg_terminate_backend($1)', [rows[0]?.pid]);
        await ended;
        await expect(client.query('SELECT 1')).rejects.toThrow(/not queryable|Connection terminated/);
      } finally {
        client.release(true);
      }
      expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await pool.end();
    }
  });
});
