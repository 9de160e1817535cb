import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TeamJournalSettings } from '../../../../shared/ipc/team-journal-settings.ts';
import type { TeamDatabase } from '../../journal/testing/team-database.ts';
import { createMemorySecretStore } from '../../profiles/secret-store.ts';
import type { SecretStore } from '../../profiles/secret-store.ts';
import { createMainServices } from '../../../app/main-services.ts';
import type { MainServices, MainServicesOptions } from '../../../app/main-services.ts';
import { routerCalls } from '../../../app/testing/router-calls.ts';

/**
 * Desktops of one finance team for the team journal's tests: each a real copy of main's
 * services on a data folder of its own, its person's name set, with a profile for the one merchant
 * account (the same address and API key) that records into one team database. A desktop can be
 * restarted on its data folder, as the app is after a crash.
 */

export type Merchant = { key: string; secret: string };

export type DesktopOptions = {
  person: string;
  /** The merchant's service as every desktop reaches it (a counting relay in front of the sandbox). */
  baseUrl: string;
  merchant: Merchant;
  /** The team database; null: the profile records on this desktop only (joining comes later). */
  team: TeamDatabase | null;
  /** The person's own database login with row rights (docs/security.md); the database's owner when left out. */
  login?: TeamLogin;
  services?: Partial<MainServicesOptions>;
};

export type TeamLogin = { user: string; password: string };

export type Desktop = ReturnType<typeof routerCalls> & {
  readonly services: MainServices;
  readonly profileId: string;
  readonly dataDir: string;
  /** Closes the services and opens them again on the same data folder and keychain. */
  restart(): Promise<void>;
  close(): Promise<void>;
};

export const teamSettingsOf = (team: TeamDatabase, login: TeamLogin = team): TeamJournalSettings => ({
  host: team.host,
  port: team.port,
  database: team.database,
  user: login.user,
  caFile: null,
});

/** What profiles.save takes to join the team database (or leave it: null), as the owner or as a person's own login. */
export const teamJournalFields = (team: TeamDatabase | null, login: TeamLogin | undefined = team ?? undefined) =>
  team === null ? { teamJournal: null } : { teamJournal: teamSettingsOf(team, login), teamJournalPassword: (login ?? team).password };

export async function openDesktop(options: DesktopOptions): Promise<Desktop> {
  const dataDir = await mkdtemp(join(tmpdir(), `mc-team-${options.person.split(' ')[0]?.toLowerCase()}-`));
  const secretStore: SecretStore = createMemorySecretStore();
  // A person who says yes to every confirmation: the rules under test are main's, not a refusal.
  const open = () => createMainServices({ dataDir, secretStore, log: () => {}, askPerson: async () => true, ...options.services });
  let services = await open();
  const calls = routerCalls(() => services);
  await calls.value('identity.set', { displayName: options.person });
  const saved = await calls.value<{ id: string }>('profiles.save', {
    name: `${options.person.split(' ')[0]}’s shop`,
    baseUrl: options.baseUrl,
    apiKey: options.merchant.key,
    secret: options.merchant.secret,
    ...teamJournalFields(options.team, options.login),
  });
  await calls.value('profiles.select', { id: saved.id });
  return {
    ...calls,
    get services() {
      return services;
    },
    profileId: saved.id,
    dataDir,
    restart: async () => {
      await services.close();
      services = await open();
    },
    close: async () => {
      await services.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
