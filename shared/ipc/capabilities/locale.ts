import { z } from 'zod';
import { canonicalLocale } from '../../i18n/negotiate.ts';
import { ruleMessage } from '../../i18n/rule-message.ts';
import { PSEUDO_LANGUAGE, SHIPPED_LANGUAGES } from '../../i18n/languages.ts';
import { empty } from './common.ts';

/**
 * The window's language and regional formats, decided by main (shared/i18n/negotiate.ts) from the
 * OS's preferred languages and system locale, unless the person chose otherwise; main's own
 * messages are in the same language.
 */

const shippedLanguage = z.enum(SHIPPED_LANGUAGES);
/** The pseudo-locale passes the contract but main takes it only in tests (negotiate.ts, allowPseudo). */
const language = z.enum([...SHIPPED_LANGUAGES, PSEUDO_LANGUAGE]);
const formatLocale = z
  .string()
  .max(100)
  .refine((tag) => canonicalLocale(tag) !== null, ruleMessage('rules.locale.unknown'));

/** The person's choice: null where the OS decides. */
export const localeOverride = z.object({ language: language.nullable(), formatLocale: formatLocale.nullable() }).strict();

export const localeView = z.object({
  language,
  formatLocale: z.string(),
  override: localeOverride,
  /** What the OS alone gives, for the settings' "Same as system (...)". */
  system: z.object({ language: shippedLanguage, formatLocale: z.string() }),
  /** The languages a person may choose (the pseudo-locale only where tests allow it). */
  choices: z.array(language),
});
export type LocaleView = z.infer<typeof localeView>;

export const localeChannels = {
  'locale.get': { request: empty, response: localeView },
  /** Keeps the person's choice (locale.json in the data folder) and answers the locale it gives. */
  'locale.set': { request: localeOverride, response: localeView },
} as const;
