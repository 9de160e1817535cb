import { match } from '@formatjs/intl-localematcher';
import type { Language, ShippedLanguage } from './languages.ts';
import { isShippedLanguage, PSEUDO_LANGUAGE, SHIPPED_LANGUAGES, SOURCE_LANGUAGE } from './languages.ts';

/**
 * Which language the app speaks and which regional formats it writes numbers and dates in, decided
 * once in main from what the OS says, unless the person chose otherwise:
 * - the language: the best fit of the OS's preferred languages (Electron's
 *   app.getPreferredSystemLanguages(), most preferred first) among the shipped ones, by
 *   @formatjs/intl-localematcher's "best fit" (de-AT finds de, a Swiss French fr); English when none fits;
 * - the formats: the system locale (app.getSystemLocale()), so a person who reads English with
 *   German formats gets "1.234,56"; the language itself when the OS gives none that Intl can read.
 */

export type LocaleOverride = {
  /** null: the OS's languages decide. */
  language: Language | null;
  /** null: the system locale decides. */
  formatLocale: string | null;
};

export const NO_OVERRIDE: LocaleOverride = { language: null, formatLocale: null };

export type SystemLocale = {
  /** app.getPreferredSystemLanguages(): BCP 47 tags, most preferred first; may hold repeats and tags Intl refuses. */
  preferredLanguages: readonly string[];
  /** app.getSystemLocale(). */
  systemLocale: string;
};

export type ResolvedLocale = { language: Language; formatLocale: string };

/** A tag Intl reads, in its canonical form, or null ("C", "", "en_US" are not BCP 47). */
export function canonicalLocale(tag: string): string | null {
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null;
  } catch {
    return null;
  }
}

/** The best fit of `preferred` among the shipped languages; English when nothing fits. */
export function negotiateLanguage(preferred: readonly string[], available: readonly ShippedLanguage[] = SHIPPED_LANGUAGES): ShippedLanguage {
  const requested = [...new Set(preferred.map(canonicalLocale).filter((tag): tag is string => tag !== null))];
  if (requested.length === 0) return SOURCE_LANGUAGE;
  const found = match(requested, available, SOURCE_LANGUAGE, { algorithm: 'best fit' });
  return isShippedLanguage(found) ? found : SOURCE_LANGUAGE;
}

/**
 * The language and format locale for the window and for main's own messages. The override wins
 * where set; the pseudo-locale is honoured only when `allowPseudo` (tests), never from the OS.
 */
export function resolveLocale(system: SystemLocale, override: LocaleOverride = NO_OVERRIDE, options: { allowPseudo?: boolean } = {}): ResolvedLocale {
  const chosen = override.language;
  const language: Language =
    chosen !== null && (isShippedLanguage(chosen) || (chosen === PSEUDO_LANGUAGE && options.allowPseudo === true))
      ? chosen
      : negotiateLanguage(system.preferredLanguages);
  const formatLocale =
    (override.formatLocale === null ? null : canonicalLocale(override.formatLocale)) ??
    canonicalLocale(system.systemLocale) ??
    (language === PSEUDO_LANGUAGE ? SOURCE_LANGUAGE : language);
  return { language, formatLocale };
}
