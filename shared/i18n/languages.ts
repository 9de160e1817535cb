/**
 * The languages the app ships, English first (the source every catalogue is checked against), and
 * the pseudo-locale the e2e suite uses to find text cut off or laid out for English only. To add a
 * language (Italian, say): messages/it.json with every key of en.json, then 'it' here and in
 * catalogues.ts; catalogues.test.ts fails until every key and argument is there.
 */
export const SHIPPED_LANGUAGES = ['en', 'de', 'fr'] as const;
export type ShippedLanguage = (typeof SHIPPED_LANGUAGES)[number];

/** Accented and lengthened English (pseudo.ts): never offered to users, only chosen in tests (main's `pseudoLocale`). */
export const PSEUDO_LANGUAGE = 'en-XA';
export type Language = ShippedLanguage | typeof PSEUDO_LANGUAGE;

export const SOURCE_LANGUAGE: ShippedLanguage = 'en';

export function isShippedLanguage(value: unknown): value is ShippedLanguage {
  return typeof value === 'string' && (SHIPPED_LANGUAGES as readonly string[]).includes(value);
}
