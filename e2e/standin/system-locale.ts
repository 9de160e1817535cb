/**
 * Electron's app.getPreferredSystemLanguages() and app.getSystemLocale() on Linux, from the
 * environment, as Electron, GLib and ICU work them out (docs/electron-standin.md, "Languages and
 * the system locale", cites each source):
 *
 * - preferred languages (shell/common/language_util_linux.cc, GetPreferredLanguages): GLib's
 *   g_get_language_names(): the first non-empty of LANGUAGE, LC_ALL, LC_MESSAGES, LANG ("C" when
 *   none); LANGUAGE is a colon-separated list; each entry is expanded into its variants, most
 *   specific first (gcharset.c, g_get_locale_variants), and "C" is appended. Electron skips "C",
 *   and canonicalises every other entry (base::i18n::GetCanonicalLocale: the codeset goes, "_"
 *   becomes "-"), in order, without removing repeats.
 * - system locale (electron_browser_main_parts.cc, PreCreateThreads: base::i18n::GetConfiguredLocale,
 *   ICU's default locale; putil.cpp, uprv_getDefaultLocaleID): the first set of LC_ALL, LC_MESSAGES,
 *   LANG (not LANGUAGE); "C", "POSIX" (with or without a codeset) or nothing give en_US_POSIX; the codeset goes, a modifier
 *   ("@euro") becomes ICU's variant, and Chromium writes it "de-DE@euro" (GetLocaleString).
 */

export type LocaleEnvironment = Partial<Record<'LANGUAGE' | 'LC_ALL' | 'LC_MESSAGES' | 'LANG', string>>;

/** The first of the variables set to something (an empty value counts as unset, as in GLib and glibc). */
function firstSet(env: LocaleEnvironment, names: readonly (keyof LocaleEnvironment)[]): string | null {
  for (const name of names) {
    const value = env[name];
    if (value !== undefined && value !== '') return value;
  }
  return null;
}

type PosixLocale = { language: string; territory: string | null; codeset: string | null; modifier: string | null };

/** "fr_FR.UTF-8@latin" into its parts (GLib's explode_locale). */
function explode(locale: string): PosixLocale {
  const at = locale.indexOf('@');
  const modifier = at >= 0 ? locale.slice(at) : null;
  const rest = at >= 0 ? locale.slice(0, at) : locale;
  const dot = rest.indexOf('.');
  const codeset = dot >= 0 ? rest.slice(dot) : null;
  const head = dot >= 0 ? rest.slice(0, dot) : rest;
  const underscore = head.indexOf('_');
  return {
    language: underscore >= 0 ? head.slice(0, underscore) : head,
    territory: underscore >= 0 ? head.slice(underscore) : null,
    codeset,
    modifier,
  };
}

/**
 * GLib's g_get_locale_variants: every combination of territory, codeset and modifier, most
 * specific first ("fr_FR.UTF-8@latin", "fr_FR@latin", "fr.UTF-8@latin", "fr@latin", "fr_FR.UTF-8",
 * "fr_FR", "fr.UTF-8", "fr").
 */
export function localeVariants(locale: string): string[] {
  const { language, territory, codeset, modifier } = explode(locale);
  const CODESET = 1;
  const TERRITORY = 2;
  const MODIFIER = 4;
  const mask = (codeset ? CODESET : 0) | (territory ? TERRITORY : 0) | (modifier ? MODIFIER : 0);
  const variants: string[] = [];
  for (let i = mask; i >= 0; i--) {
    if ((i & ~mask) !== 0) continue;
    variants.push(`${language}${i & TERRITORY ? territory : ''}${i & CODESET ? codeset : ''}${i & MODIFIER ? modifier : ''}`);
  }
  return variants;
}

/** GLib's g_get_language_names() (for LC_MESSAGES). */
export function glibLanguageNames(env: LocaleEnvironment): string[] {
  const value = firstSet(env, ['LANGUAGE', 'LC_ALL', 'LC_MESSAGES', 'LANG']) ?? 'C';
  const names = value
    .split(':')
    .filter((entry) => entry !== '')
    .flatMap(localeVariants);
  return [...names, 'C'];
}

/** base::i18n::GetCanonicalLocale of a POSIX locale name: "de_DE.UTF-8" -> "de-DE"; the codeset and modifier go. */
function canonical(posix: string): string {
  const { language, territory } = explode(posix);
  return territory ? `${language.toLowerCase()}-${territory.slice(1).toUpperCase()}` : language.toLowerCase();
}

export function preferredSystemLanguages(env: LocaleEnvironment): string[] {
  return glibLanguageNames(env)
    .filter((name) => name !== 'C')
    .map(canonical);
}

export function systemLocale(env: LocaleEnvironment): string {
  const value = firstSet(env, ['LC_ALL', 'LC_MESSAGES', 'LANG']);
  const named = value === null || value === 'C' || value === 'POSIX' ? 'en_US_POSIX' : value;
  // "C.UTF-8" too: with its codeset gone, ICU finds "C" and takes its POSIX default (uprv_getDefaultLocaleID).
  const bare = explode(named);
  const posix = (bare.language === 'C' || bare.language === 'POSIX') && bare.territory === null ? 'en_US_POSIX' : named;
  const { language, territory, modifier } = explode(posix);
  // en_US_POSIX: ICU's own default, whose "POSIX" is a variant (territory "US", variant "POSIX").
  const [country, variant] = (territory?.slice(1) ?? '').split('_');
  const icuVariant = variant ?? (modifier ? modifier.slice(1) : '');
  const head = country ? `${language.toLowerCase()}-${country.toUpperCase()}` : language.toLowerCase();
  return icuVariant ? `${head}@${icuVariant.toLowerCase()}` : head;
}
