import { isAppFailure } from '../../shared/ipc/errors.ts';
import type { ProfileList, ProfileView } from '../../shared/ipc/profile.ts';
import { explainError, testConnection, testTeamJournal, toProfileView } from '../platform/profiles/index.ts';
import type { ProfileRecord } from '../platform/profiles/index.ts';
import type { Handlers } from '../platform/router/index.ts';
import { confirmIfLive } from '../platform/services/index.ts';
import type { ServiceDeps } from '../platform/services/index.ts';

type ProfileHandlers = Pick<Handlers, 'profiles.list' | 'profiles.save' | 'profiles.remove' | 'profiles.select' | 'profiles.test' | 'profiles.testTeamJournal'>;

/** Profiles as the renderer sees them: views only, never a key or a secret. */
export function profileHandlers(deps: ServiceDeps, onChange: (profileId: string) => void): ProfileHandlers {
  const { book, sandbox, connection, locale } = deps;

  const view = async (record: ProfileRecord): Promise<ProfileView> =>
    toProfileView(record, { ...(await book.credentialFacts(record.id)), sandboxBaseUrl: sandbox.baseUrl() });

  const list = async (): Promise<ProfileList> => {
    const { profiles, activeId } = book.list();
    return { profiles: await Promise.all(profiles.map(view)), activeId };
  };

  /** The local sandbox runs while it is the active profile, and only then. */
  const followActive = async () => {
    if (book.active()?.kind === 'local-sandbox') await sandbox.ensure();
    else await sandbox.stop();
  };

  return {
    'profiles.list': list,
    'profiles.save': async (request) => {
      const saved = await book.save(request);
      connection.forget(saved.id);
      onChange(saved.id);
      return view(saved);
    },
    'profiles.remove': async ({ id }) => {
      const record = book.get(id);
      await confirmIfLive(deps.askPerson, record.kind, {
        title: locale.say('main.profiles.remove.title'),
        message: locale.say('main.profiles.remove.message', { name: record.name }),
        detail: [locale.say('main.profiles.remove.detail')],
        confirmLabel: locale.say('main.profiles.remove.confirm'),
      });
      await book.remove(id);
      connection.forget(id);
      onChange(id);
      await followActive();
      return list();
    },
    'profiles.select': async ({ id }) => {
      await book.select(id);
      await followActive();
      return list();
    },
    'profiles.test': async ({ id }) => {
      const record = book.get(id);
      let profileClient;
      try {
        profileClient = await connection.of(record);
      } catch (error) {
        const summary = isAppFailure(error) ? explainError(error, { say: locale.say }) : locale.say('main.profiles.testFailed');
        return { ok: false, summary, latencyMs: null };
      }
      const { baseUrl, client } = profileClient;
      // Said in the window's language, read now: it follows a change of language.
      return testConnection({ baseUrl, check: () => client.checkCredentials(), say: locale.say });
    },
    // The test's own pool lives for one test and is ended: an idle client's error in between has nothing to tell.
    // A failure is explained in the window's language, read now: it follows a change of language.
    'profiles.testTeamJournal': (request) => testTeamJournal(book, request, { log: () => undefined, say: locale.say }),
  };
}
