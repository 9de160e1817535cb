import { openTeamJournal } from '../../electron/platform/journal/postgres/team-journal.ts';
import { createRowUser } from '../../electron/platform/journal/testing/row-user.ts';
import type { RowUser } from '../../electron/platform/journal/testing/row-user.ts';
import type { PostgresServer } from '../../electron/platform/journal/testing/postgres-server.ts';
import { createTeamDatabase } from '../../electron/platform/journal/testing/team-database.ts';
import type { TeamDatabase } from '../../electron/platform/journal/testing/team-database.ts';

/**
 * A team database as its administrator hands it over when each person has a login of their own
 * (README, "A login for each person"): the owner makes the journal's tables, then each login is
 * made with the rows' rights only (row-user.ts), the same rights for all. Four eyes tell people
 * apart by these logins, so each desktop of a test joins with one of them, never as the owner.
 */

export type TeamWithLogins = { team: TeamDatabase; logins: RowUser[] };

export async function createTeamWithLogins(server: PostgresServer, label: string, count: number): Promise<TeamWithLogins> {
  const team = await createTeamDatabase(server, label);
  const owner = team.pool();
  try {
    await openTeamJournal(owner, { author: () => ({ name: 'Administrator', computer: 'SETUP', desktopId: 'administrator' }) });
  } finally {
    await owner.end();
  }
  const logins: RowUser[] = [];
  for (let made = 0; made < count; made++) {
    const login = await createRowUser(server, team);
    await login.grantRows();
    logins.push(login);
  }
  return { team, logins };
}
