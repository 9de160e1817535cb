import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import type { Language } from '../../shared/i18n/index.ts';
import { messageLocaleOf, messagesOf } from '../components/locale.ts';

/**
 * Screens rendered by React itself, to HTML, under plain Node: what a screen shows for a given
 * state, with no DOM and no stand-in. (Typing and clicking are the e2e suite's, in Chromium.)
 * `seed` fills the query cache first, as main's answers would have; the words are `language`'s
 * (English by default), as app/LocaleProvider.tsx gives them.
 */
export function staticMarkup(element: ReactElement, seed?: (client: QueryClient) => void, language: Language = 'en'): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  seed?.(client);
  const words = createElement(IntlProvider, { locale: messageLocaleOf(language), defaultLocale: 'en', messages: messagesOf(language) }, element);
  return renderToStaticMarkup(createElement(QueryClientProvider, { client }, words));
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&#39;': "'" };

/** The text a person reads in `html`: tags gone, entities decoded, runs of space as one. */
export function readableText(html: string): string {
  return html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}

const literal = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The opening tag of the form control labelled `label` (by the label's `for`), or null. */
export function controlLabelled(html: string, label: string): string | null {
  const id = new RegExp(`<label[^>]*for="([^"]+)"[^>]*>\\s*${literal(label)}\\s*</label>`).exec(html)?.[1];
  if (!id) return null;
  return new RegExp(`<(?:input|select|textarea)[^>]*id="${literal(id)}"[^>]*>`).exec(html)?.[0] ?? null;
}

/** The values a text control suggests through its <datalist>, in order; null when it has none. */
export function suggestionsOf(html: string, control: string | null): string[] | null {
  const listId = control === null ? undefined : /\blist="([^"]+)"/.exec(control)?.[1];
  if (!listId) return null;
  const options = new RegExp(`<datalist id="${literal(listId)}">(.*?)</datalist>`).exec(html)?.[1] ?? '';
  return [...options.matchAll(/<option value="([^"]*)"/g)].map((match) => match[1] ?? '');
}
