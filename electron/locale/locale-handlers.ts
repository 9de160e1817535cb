import type { AppLocale } from '../platform/locale/index.ts';
import type { Handlers } from '../platform/router/index.ts';

/** The window asks which language and formats to use, and keeps the person's choice of them. */
export function localeHandlers(locale: AppLocale): Pick<Handlers, 'locale.get' | 'locale.set'> {
  return {
    'locale.get': async () => locale.view(),
    'locale.set': (override) => locale.choose(override),
  };
}
