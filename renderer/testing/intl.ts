import type { ReactNode } from 'react';
import { createElement } from 'react';
import { createIntl, IntlProvider } from 'react-intl';
import type { IntlShape } from 'react-intl';
import type { Language } from '../../shared/i18n/index.ts';
import { catalogueOf } from '../../shared/i18n/index.ts';

/** A screen's helpers' words in a language, as the window's IntlProvider gives them (for tests of helpers that take `intl`). */
export const intlIn = (language: Language): IntlShape => createIntl({ locale: language, messages: catalogueOf(language) });

export const english = intlIn('en');

/** Testing Library's wrapper for a component rendered alone: the window's IntlProvider, in English. */
export function InEnglish({ children }: { children?: ReactNode }) {
  return createElement(IntlProvider, { locale: 'en', messages: catalogueOf('en') }, children);
}
