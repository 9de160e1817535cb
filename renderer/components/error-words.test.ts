import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Language } from '../../shared/i18n/index.ts';
import { unknownChannel } from '../../shared/ipc/channels.ts';
import type { AppError, Envelope } from '../../shared/ipc/errors.ts';
import { appErrorOf, invoke } from '../bridge.ts';
import { readableText, staticMarkup } from '../testing/static-markup.ts';
import { useLocale } from './locale.ts';
import { ErrorMessage, FailureAlert } from './States.tsx';

// What the bridge says itself (no preload, no answer: renderer/bridge.ts) and what the preload refuses
// (electron/preload.ts, shared/ipc/channels.ts) travel as catalogue ids; the bridge words them in the
// window's language as it throws them, so every notice shows an AppError's message as it is. Main's
// own messages come said already, and show as they came.

const english = useLocale.getState().view;
afterEach(() => useLocale.setState({ view: english }));

/** The window in `language`, as main answered locale.get. */
const windowIn = (language: Language) => useLocale.setState({ view: { ...english, language } });

const text = (element: Parameters<typeof staticMarkup>[0], language: Language) => readableText(staticMarkup(element, undefined, language));

/** The error the bridge throws when the preload's call settles with `outcome`. */
async function thrownWhen(outcome: () => Promise<Envelope<unknown>>): Promise<AppError> {
  const page = globalThis as unknown as { window?: unknown };
  page.window = { merchantConsole: { invoke: outcome } };
  try {
    return appErrorOf(await invoke('profiles.list', {}).catch((thrown: unknown) => thrown));
  } finally {
    delete page.window;
  }
}

const noAnswer = () => thrownWhen(() => Promise.reject(new Error('gone')));

describe('an AppError’s message in the window’s language', () => {
  it('keeps the English word for word', async () => {
    expect(text(createElement(ErrorMessage, { error: await noAnswer() }), 'en')).toBe('The main process did not answer. Try again.');
    expect(text(createElement(FailureAlert, { error: new TypeError('boom') }), 'en')).toBe('Something went wrong. Try again.');
  });

  it('says the bridge’s own failures in German and French', async () => {
    windowIn('de');
    expect((await noAnswer()).message).toBe('Der Hauptprozess hat nicht geantwortet. Versuchen Sie es erneut.');
    expect(text(createElement(FailureAlert, { error: new TypeError('boom') }), 'de')).toBe('Etwas ist schiefgegangen. Versuchen Sie es erneut.');
    windowIn('fr');
    expect(text(createElement(ErrorMessage, { error: await noAnswer() }), 'fr')).toBe('Le processus principal n’a pas répondu. Réessayez.');
    expect(appErrorOf(new TypeError('boom')).message).toBe('Un problème est survenu. Réessayez.');
  });

  it('says the preload’s refusal of a name that is no channel in the window’s language', async () => {
    const refused = () => thrownWhen(() => Promise.resolve({ ok: false, error: unknownChannel('shell.exec') }));
    windowIn('de');
    expect((await refused()).message).toBe('Diesen Vorgang bietet die App nicht an.');
    windowIn('fr');
    expect((await refused()).message).toBe('L’application ne propose pas cette opération.');
  });

  it('shows main’s message, said already, as it came', async () => {
    const said: AppError = { kind: 'timeout', message: 'Der Dienst unter 127.0.0.1:8787 hat nicht innerhalb von 30 s geantwortet.' };
    windowIn('fr');
    expect(await thrownWhen(() => Promise.resolve({ ok: false, error: said }))).toEqual(said);
    expect(text(createElement(ErrorMessage, { error: said }), 'fr')).toBe(said.message);
  });
});
