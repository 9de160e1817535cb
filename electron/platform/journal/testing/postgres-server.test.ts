import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN_ENV, findPostgresBin, PostgresUnavailable } from './postgres-binaries.ts';
import { startPostgresServer } from './postgres-server.ts';
import type { PostgresServer } from './postgres-server.ts';
import { createTeamDatabase } from './team-database.ts';

/**
 * The test server itself: a server of its own here (the run's shared one must not be stopped), so
 * that stopping it (later: the team journal killed mid-submission), starting it again and removing
 * it are seen to work; and the words when the programs are missing.
 */

let server: PostgresServer | null = null;
afterAll(async () => server?.dispose());

const scratch = mkdtempSync(join(tmpdir(), 'pg-bin-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function countRows(database: Awaited<ReturnType<typeof createTeamDatabase>>): Promise<number> {
  const client = new pg.Client({ ...database, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM kept');
    return Number(rows[0]?.n);
  } finally {
    await client.end();
  }
}

describe('the test PostgreSQL server', () => {
  it('starts in a folder of its own, survives a crash with its committed data, and leaves nothing behind', async () => {
    server = await startPostgresServer();
    expect(existsSync(join(server.socketDir, 'data', 'PG_VERSION'))).toBe(true);
    const database = await createTeamDatabase(server, 'lifecycle');
    const client = new pg.Client({ ...database });
    await client.connect();
    await client.query('CREATE TABLE kept (n integer); INSERT INTO kept VALUES (1)');
    await client.end();

    await server.stop('immediate');
    await expect(countRows(database)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await server.start();
    expect(await countRows(database)).toBe(1);

    const { socketDir, port } = server;
    await server.dispose();
    server = null;
    expect(existsSync(socketDir)).toBe(false);
    await expect(new pg.Client({ host: '127.0.0.1', port, user: 'x', connectionTimeoutMillis: 5_000 }).connect()).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('says where it looked and what to install when the server programs are missing', () => {
    expect(() => findPostgresBin({ PATH: scratch }, join(scratch, 'no-such-root'))).toThrow(PostgresUnavailable);
    expect(() => findPostgresBin({ PATH: scratch }, join(scratch, 'no-such-root'))).toThrow(
      /initdb, pg_ctl, postgres\) were not found in \/usr\/lib\/postgresql\/\*\/bin or on PATH\. Install Debian's postgresql package \(bash \.ci\/run does\)/,
    );
    expect(() => findPostgresBin({ [BIN_ENV]: scratch })).toThrow(`${BIN_ENV}=${scratch} does not hold initdb, pg_ctl, postgres.`);
  });

  it("takes the newest major version of Debian's folders", () => {
    const root = join(scratch, 'debian');
    for (const major of ['9', '15', '16']) {
      mkdirSync(join(root, major, 'bin'), { recursive: true });
      if (major !== '16') for (const program of ['initdb', 'pg_ctl', 'postgres']) writeFileSync(join(root, major, 'bin', program), '');
    }
    // 16 lacks the programs (a client-only install), so 15 it is, not 9.
    expect(findPostgresBin({ PATH: '' }, root)).toBe(join(root, '15', 'bin'));
  });
});
