import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../shared/i18n/index.ts';
import { unknownChannel } from '../../shared/ipc/channels.ts';
import type { AppError } from '../../shared/ipc/errors.ts';
import { appErrorOf, invoke } from '../bridge.ts';
import { readableText, staticMarkup } from '../testing/static-markup.ts';
import { ErrorMessage, FailureAlert } from './States.tsx';

// What the bridge says itself (no preload, no answer: renderer/bridge.ts) and what the preload refuses
// (electron/preload.ts, shared/ipc/channels.ts) travel as catalogue ids; the notices that show an
// AppError word them in the window's language. Main's own messages come said already, and show as they came.

const text = (element: Parameters<typeof staticMarkup>[0], language: Language) => readableText(staticMarkup(element, undefined, language));

/** The error the bridge throws when the preload's call is rejected. */
async function noAnswer(): Promise<AppError> {
  const page = globalThis as unknown as { window?: unknown };
  page.window = { merchantConsole: { invoke: () => Promise.reject(new Error('gone')) } };
  try {
    return appErrorOf(await invoke('profiles.list', {}).catch((thrown: unknown) => thrown));
  } finally {
    delete page.window;
  }
}

describe('an AppError’s message in the window’s language', () => {
  it('keeps the English word for word', async () => {
    expect(text(createElement(ErrorMessage, { error: await noAnswer() }), 'en')).toBe('The main process did not answer. Try again.');
    expect(text(createElement(FailureAlert, { error: new TypeError('boom') }), 'en')).toBe('Something went wrong. Try again.');
  });

  it('says the bridge’s own failures in German and French', async () => {
    expect(text(createElement(ErrorMessage, { error: await noAnswer() }), 'de')).toBe('Der Hauptprozess hat nicht geantwortet. Versuchen Sie es erneut.');
    expect(text(createElement(ErrorMessage, { error: await noAnswer() }), 'fr')).toBe('Le processus principal n’a pas répondu. Réessayez.');
    expect(text(createElement(FailureAlert, { error: new TypeError('boom') }), 'de')).toBe('Etwas ist schiefgegangen. Versuchen Sie es erneut.');
    expect(text(createElement(FailureAlert, { error: new TypeError('boom') }), 'fr')).toBe('Un problème est survenu. Réessayez.');
  });

  it('says the preload’s refusal of a name that is no channel in the window’s language', () => {
    expect(text(createElement(ErrorMessage, { error: unknownChannel('shell.exec') }), 'de')).toBe('Diesen Vorgang bietet die App nicht an.');
    expect(text(createElement(ErrorMessage, { error: unknownChannel('shell.exec') }), 'fr')).toBe('L’application ne propose pas cette opération.');
  });

  it('shows main’s message, said already, as it came', () => {
    const said: AppError = { kind: 'timeout', message: 'Der Dienst unter 127.0.0.1:8787 hat nicht innerhalb von 30 s geantwortet.' };
    expect(text(createElement(ErrorMessage, { error: said }), 'fr')).toBe(said.message);
  });
});
