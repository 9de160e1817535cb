import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createElement } from 'react';
import { IntlProvider } from 'react-intl';
import { catalogueOf } from '../../shared/i18n/index.ts';
import type { ShippedLanguage } from '../../shared/i18n/index.ts';
import type { BridgeApi } from '../../shared/ipc/bridge.ts';
import type { Channel } from '../../shared/ipc/contract.ts';
import type { AppError, Envelope } from '../../shared/ipc/errors.ts';

/**
 * A screen rendered into jsdom (component tests start with `// @vitest-environment jsdom`) and driven
 * as a person would, with main played by a stand-in: what the preload would expose under
 * `window.merchantConsole` is a function of the test's, so every request the screen sends is seen
 * and answered as main would answer it, an AppError (with main's decision) included.
 */

/** One request the screen sent through the bridge. */
export type SentRequest = { channel: Channel; payload: unknown };

/** Main's answer to one request: a value, an AppError, or a promise of either (never settled: still in flight). */
export type MainAnswer = { value: unknown } | { error: AppError } | Promise<{ value: unknown } | { error: AppError }>;

export type StandIn = {
  /** Every request, in the order sent. */
  sent: SentRequest[];
  /** The requests on one channel. */
  sentOn(channel: Channel): unknown[];
};

/** A promise that never settles: main still answering (its confirmation window open, say). */
export const stillAnswering = (): Promise<never> => new Promise(() => {});

/** Puts the stand-in where the preload puts the bridge; `answer` is asked for each request. */
export function standInForMain(answer: (channel: Channel, payload: unknown) => MainAnswer): StandIn {
  const sent: SentRequest[] = [];
  const invoke = async (channel: Channel, payload: unknown): Promise<Envelope<unknown>> => {
    sent.push({ channel, payload });
    const answered = await answer(channel, payload);
    return 'error' in answered ? { ok: false, error: answered.error } : { ok: true, value: answered.value };
  };
  window.merchantConsole = { invoke } as BridgeApi;
  return { sent, sentOn: (channel) => sent.filter((request) => request.channel === channel).map((request) => request.payload) };
}

/**
 * jsdom has no modal dialogs: showModal and close only set and clear `open` here, which is all the
 * screens read of them (focus trapping and inertness are the browser's, tested end to end).
 */
function openDialogsInJsdom(): void {
  const dialog = HTMLDialogElement.prototype;
  if (typeof dialog.showModal === 'function') return;
  dialog.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  dialog.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}

/**
 * Renders `element` with a query cache of its own, in `language`'s words (English by default, as
 * app/LocaleProvider.tsx gives them); `seed` fills the cache first, as main's earlier answers would have.
 */
export function renderScreen(element: ReactElement, seed?: (client: QueryClient) => void, language: ShippedLanguage = 'en') {
  openDialogsInJsdom();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  seed?.(client);
  const words = (child: ReactElement) => createElement(IntlProvider, { locale: language, defaultLocale: 'en', messages: catalogueOf(language) }, child);
  return render(createElement(QueryClientProvider, { client }, words(element)));
}

/** The words tied to a control by aria-describedby (its hint and its error), as a screen reader reads them after its name. */
export function descriptionOf(control: HTMLElement): string {
  const ids = control.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
  return ids.map((id) => control.ownerDocument.getElementById(id)?.textContent ?? '').join(' ');
}
