import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ROOT } from '../../e2e/harness/build.ts';
import { openTeamJournal } from '../../electron/platform/journal/postgres/team-journal.ts';
import { LATEST_JOURNAL_VERSION } from '../../electron/platform/journal/schema/journal-schema.ts';
import { createRowUser } from '../../electron/platform/journal/testing/row-user.ts';
import type { RowUser } from '../../electron/platform/journal/testing/row-user.ts';
import { createTeamDatabase } from '../../electron/platform/journal/testing/team-database.ts';
import type { TeamDatabase } from '../../electron/platform/journal/testing/team-database.ts';
import type { PostgresAddress } from '../../electron/platform/journal/testing/postgres-server.ts';

// README, "A team journal": the administrator sets the journal up as its owner with
// `npm run team-journal-setup -- --host … --database … --owner … --member …`, the owner's password in
// PGPASSWORD; each person's desktop then works through their own login with row rights only.
// Run here for real, through npm, against the run's PostgreSQL server.

let address: PostgresAddress;
const databases: TeamDatabase[] = [];
const users: RowUser[] = [];

beforeAll(() => {
  const shared = inject('postgres');
  if ('unavailable' in shared) throw new Error(`The tests' PostgreSQL server could not start: ${shared.unavailable}`);
  address = shared.address;
});
afterAll(async () => {
  for (const user of users) await user.drop();
  for (const database of databases) await database.drop();
});

type Run = { code: number | null; stdout: string; stderr: string };

function setup(args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve) => {
    const { PGPASSWORD: _none, ...rest } = process.env;
    execFile('npm', ['run', '--silent', 'team-journal-setup', '--', ...args], { cwd: ROOT, env: { ...rest, ...env }, timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

async function fresh(label: string): Promise<{ team: TeamDatabase; ana: RowUser; ben: RowUser }> {
  const team = await createTeamDatabase(address, label);
  databases.push(team);
  const [ana, ben] = [await createRowUser(address, team), await createRowUser(address, team)];
  users.push(ana, ben);
  return { team, ana, ben };
}

const where = (team: TeamDatabase) => ['--host', team.host, '--port', String(team.port), '--database', team.database, '--owner', team.user];
const author = (name: string) => ({ author: () => ({ name, computer: 'FINANCE-01', desktopId: `${name}-desktop` }) });

describe('npm run team-journal-setup', () => {
  it('is the command the README gives the administrator', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toMatch(/PGPASSWORD=\S+ npm run team-journal-setup -- --host \S+ --database \S+ --owner \S+ --member ana --member ben/);
  });

  it("makes the journal as its owner and grants each member the rows' rights: the members' desktops then work through their own logins", async () => {
    const { team, ana, ben } = await fresh('setup-cli');
    const run = await setup([...where(team), '--member', ana.user, '--member', ben.user], { PGPASSWORD: team.password });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout.trim()).toBe(
      `The team journal at ${team.host}:${team.port}/${team.database} is at schema version ${LATEST_JOURNAL_VERSION}, owned by ${team.user}. Row rights granted to ${ana.user}, ${ben.user}.`,
    );
    const anas = await openTeamJournal(ana.pool(), author('Ana Ruiz'));
    const id = await anas.begin({ profileId: 'shop', profileName: 'Shop', operation: 'invoices.create', foreignId: 'inv-setup', request: {} });
    expect((await anas.get(id))?.madeLogin).toBe(ana.user);
    // Run again (a new console version, a new person): nothing changes twice.
    expect(await setup([...where(team), '--member', ben.user], { PGPASSWORD: team.password })).toMatchObject({ code: 0 });
  });

  it('refuses a schema every role may create objects in, with the statement to run; and says what is missing, without a stack trace', async () => {
    const { team } = await fresh('setup-cli-unsafe');
    const admin = new pg.Client({ host: address.host, port: address.port, user: address.admin.user, password: address.admin.password, database: team.database });
    await admin.connect();
    await admin.query('GRANT CREATE ON SCHEMA public TO PUBLIC');
    await admin.end();
    const unsafe = await setup(where(team), { PGPASSWORD: team.password });
    expect(unsafe.code).toBe(1);
    expect(unsafe.stderr).toContain('REVOKE CREATE ON SCHEMA "public" FROM PUBLIC');
    expect(unsafe.stderr).not.toMatch(/\n\s+at /);

    const noPassword = await setup(where(team), {});
    expect(noPassword.code).toBe(2);
    expect(noPassword.stderr).toMatch(/^No password: set PGPASSWORD/);
    const wrong = await setup(where(team), { PGPASSWORD: 'not-the-password' });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('refused the user name or password');
  });
});
