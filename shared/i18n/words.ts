import { createIntl, createIntlCache } from '@formatjs/intl';
import type { IntlShape } from '@formatjs/intl';
import { catalogueOf } from './catalogues.ts';
import type { MessageId } from './catalogues.ts';
import type { Language } from './languages.ts';
import { PSEUDO_LANGUAGE, SOURCE_LANGUAGE } from './languages.ts';

/**
 * Main's own words (errors, dialog texts, reports, CSV headers): @formatjs/intl's createIntl over the
 * same catalogues as the renderer's react-intl, in the window's language. One per language, kept.
 */

export type Words = IntlShape<string>;
export type WordValues = Record<string, string | number | Date | null | undefined>;

const cache = createIntlCache();
const made = new Map<Language, Words>();

export function wordsFor(language: Language): Words {
  let intl = made.get(language);
  if (!intl) {
    // The pseudo-locale has no locale data of its own: its plural rules and numbers are English's.
    intl = createIntl({ locale: language === PSEUDO_LANGUAGE ? SOURCE_LANGUAGE : language, defaultLocale: SOURCE_LANGUAGE, messages: catalogueOf(language) }, cache);
    made.set(language, intl);
  }
  return intl;
}

/** One message of `language`'s catalogue, its arguments filled in. */
export function say(language: Language, id: MessageId, values?: WordValues): string {
  return wordsFor(language).formatMessage({ id }, values);
}

export type Say = (id: MessageId, values?: WordValues) => string;

/** `say` with its language settled: what a holder of the window's language hands out, and replaces when the language changes. */
export function sayerFor(language: Language): Say {
  const words = wordsFor(language);
  return (id, values) => words.formatMessage({ id }, values);
}
