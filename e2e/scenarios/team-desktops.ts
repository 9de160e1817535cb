import type { Locator, Page } from '@playwright/test';
import type { MessageBoxOptions } from 'electron';
import { startCountingRelay } from '../../electron/app/testing/counting-relay.ts';
import type { CountingRelay } from '../../electron/app/testing/counting-relay.ts';
import { startPostgresServer } from '../../electron/platform/journal/testing/postgres-server.ts';
import type { PostgresServer } from '../../electron/platform/journal/testing/postgres-server.ts';
import type { RowUser } from '../../electron/platform/journal/testing/row-user.ts';
import { createTeamDatabase } from '../../electron/platform/journal/testing/team-database.ts';
import type { TeamDatabase } from '../../electron/platform/journal/testing/team-database.ts';
import { startSandbox } from '../../electron/sandbox/index.ts';
import type { SandboxHandle } from '../../electron/sandbox/index.ts';
import type { RunningApp } from '../harness/app.ts';
import { expect, test } from '../harness/fixtures.ts';
import { createTeamWithLogins } from '../harness/team-logins.ts';
import { activeProfile, fillProfileForm, openScreen, setDisplayName } from './profiles.ts';

/**
 * Desktops on one team journal on a real PostgreSQL server (README, "The team journal"): the server
 * for the spec file (initdb takes seconds, Debian's postgresql package), and for each test a team
 * database (with `logins` row-rights logins of their own, or the owner's login alone), one merchant
 * account on a sandbox of the test's own (real HTTP on loopback, a live profile: the app's own
 * sandbox profile cannot have a team journal) behind a relay that counts what reached it.
 */

export type TeamMerchant = { key: string; secret: string; name: string };

export type TeamDesktops = {
  readonly server: PostgresServer;
  readonly team: TeamDatabase;
  /** The row-rights logins, in the order made (empty without `logins`). */
  readonly logins: RowUser[];
  readonly sandbox: SandboxHandle;
  readonly relay: CountingRelay;
};

/** Registers the spec file's hooks; the answer's fields hold the current test's server, database, logins, sandbox and relay. */
export function teamDesktops(options: { merchant: TeamMerchant; database: string; logins?: number }): TeamDesktops {
  const setup = {} as { -readonly [K in keyof TeamDesktops]: TeamDesktops[K] };
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    setup.server = await startPostgresServer();
  });
  test.afterAll(async () => {
    await setup.server?.dispose();
  });
  test.beforeEach(async () => {
    if (options.logins === undefined) {
      setup.team = await createTeamDatabase(setup.server, options.database);
      setup.logins = [];
    } else {
      const made = await createTeamWithLogins(setup.server, options.database, options.logins);
      setup.team = made.team;
      setup.logins = made.logins;
    }
    setup.sandbox = await startSandbox({ merchants: [options.merchant], rateLimit: false });
    setup.relay = await startCountingRelay(setup.sandbox.baseUrl);
  });
  test.afterEach(async () => {
    await setup.relay?.close();
    await setup.sandbox?.close();
    // The test's database and logins go with the server (afterAll): the desktops may still hold them here.
  });
  return setup;
}

/** The profile of a team journal's desktops: its name, and the merchant it is for. */
export type TeamProfile = { name: string; merchant: TeamMerchant };

/** Fills a profile form's "Team journal (optional)" section with the team database, joined as `login` (the owner's, or a row-rights one). */
export async function fillTeamJournal(section: Locator, team: TeamDatabase, login: { user: string; password: string }): Promise<void> {
  await section.getByLabel('Server', { exact: true }).fill('127.0.0.1');
  await section.getByLabel('Port', { exact: true }).fill(String(team.port));
  await section.getByLabel('Database', { exact: true }).fill(team.database);
  await section.getByLabel('User', { exact: true }).fill(login.user);
  await section.getByLabel('Password', { exact: true }).fill(login.password);
}

/** Adds the merchant's profile with the team journal, joined as `login`, and makes it the active one. */
export async function joinTeam(page: Page, setup: TeamDesktops, profile: TeamProfile, login: RowUser): Promise<void> {
  await openScreen(page, 'Profiles');
  await page.getByRole('button', { name: 'Add profile' }).first().click();
  const form = page.getByRole('form', { name: /profile/i });
  await fillProfileForm(page, { name: profile.name, baseUrl: setup.relay.baseUrl, apiKey: profile.merchant.key, secret: profile.merchant.secret });
  const section = form.getByRole('group', { name: 'Team journal (optional)' });
  await fillTeamJournal(section, setup.team, login);
  await section.getByRole('button', { name: /^Test connection/ }).click();
  await expect(section.getByTestId('team-journal-test-result')).toHaveClass(/\bok\b/);
  await form.getByRole('button', { name: 'Add profile' }).click();
  await expect(form).toBeHidden();
  // Nothing of this profile on the computer yet: nothing to upload.
  await page.getByTestId('upload-offer').getByRole('button', { name: 'Not now' }).click();
  await page.getByLabel('Profile', { exact: true }).selectOption({ label: `${profile.name} (LIVE)` });
  await expect(activeProfile(page)).toContainText(profile.name);
}

/** The first login's person joins on her desktop, then the second's on a second one, each named: answers the second desktop. */
export async function bothJoin(
  first: Page,
  openDesktop: () => Promise<RunningApp>,
  setup: TeamDesktops,
  profile: TeamProfile,
  names: readonly [string, string],
): Promise<RunningApp> {
  const [firstLogin, secondLogin] = setup.logins;
  if (!firstLogin || !secondLogin) throw new Error('two logins are needed: teamDesktops({ logins: 2 })');
  await setDisplayName(first, names[0]);
  await joinTeam(first, setup, profile, firstLogin);
  const second = await openDesktop();
  await setDisplayName(second.page, names[1]);
  await joinTeam(second.page, setup, profile, secondLogin);
  return second;
}

/** A person's click on the named button of main's next message box; the box's words are kept in `seen`. */
export const clickInMessageBox = (app: RunningApp, label: string, seen: MessageBoxOptions[]) =>
  app.standin.desktop.answerMessageBox((options: MessageBoxOptions) => {
    seen.push(options);
    const index = (options.buttons ?? []).indexOf(label);
    if (index < 0) throw new Error(`the message box has no ${label} button`);
    return index;
  });
