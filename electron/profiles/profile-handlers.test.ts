import { describe, expect, it } from 'vitest';
import type { Language, MessageId, WordValues } from '../../shared/i18n/index.ts';
import { say } from '../../shared/i18n/index.ts';
import type { AskPerson, ServiceDeps } from '../platform/services/index.ts';
import { profileHandlers } from './profile-handlers.ts';

// Main's own words about profiles (the remove confirmation, a test that failed inside the app) are
// said in the window's language, read at the moment they are made.

type ConfirmRequest = Parameters<AskPerson>[0];

function handlersIn(window: { language: Language }) {
  const asked: ConfirmRequest[] = [];
  const deps = {
    book: { get: (id: string) => ({ id, name: 'Acme live', kind: 'live' }) },
    sandbox: {},
    connection: {
      of: async () => {
        throw new Error('the keychain is locked');
      },
    },
    askPerson: async (request: ConfirmRequest) => {
      asked.push(request);
      return false;
    },
    locale: { say: (id: MessageId, values?: WordValues) => say(window.language, id, values) },
  } as unknown as ServiceDeps;
  return { handlers: profileHandlers(deps, () => undefined), asked };
}

describe('removing a live profile', () => {
  it('asks in German on a German window, then in French once the language changes, and removes nothing when refused', async () => {
    const window: { language: Language } = { language: 'de' };
    const { handlers, asked } = handlersIn(window);
    await expect(handlers['profiles.remove']({ id: 'p1' }, {} as never)).rejects.toMatchObject({ error: { kind: 'not_confirmed' } });
    expect(asked[0]).toEqual({
      title: 'Profil entfernen',
      message: 'Das Live-Profil „Acme live“ entfernen?',
      detail: 'Sein API-Schlüssel und sein Secret werden aus dem Schlüsselbund dieses Computers gelöscht. Das Journal behält seinen Verlauf.',
      confirmLabel: 'Profil entfernen',
    });
    window.language = 'fr';
    await expect(handlers['profiles.remove']({ id: 'p1' }, {} as never)).rejects.toMatchObject({ error: { kind: 'not_confirmed' } });
    expect(asked[1]).toMatchObject({ title: 'Supprimer le profil', message: 'Supprimer le profil réel « Acme live » ?' });
  });

  it('keeps its English on an English window', async () => {
    const { handlers, asked } = handlersIn({ language: 'en' });
    await expect(handlers['profiles.remove']({ id: 'p1' }, {} as never)).rejects.toMatchObject({ error: { kind: 'not_confirmed' } });
    expect(asked[0]).toMatchObject({ title: 'Remove profile', message: 'Remove the live profile "Acme live"?', confirmLabel: 'Remove profile' });
  });
});

describe('a connection test that fails inside the app', () => {
  it('says so in the window’s language', async () => {
    const { handlers } = handlersIn({ language: 'de' });
    expect(await handlers['profiles.test']({ id: 'p1' }, {} as never)).toEqual({ ok: false, summary: 'Der Verbindungstest ist innerhalb der Anwendung fehlgeschlagen.', latencyMs: null });
  });
});
