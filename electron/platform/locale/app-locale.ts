import { join } from 'node:path';
import { z } from 'zod';
import { isShippedLanguage, negotiateLanguage, NO_OVERRIDE, PSEUDO_LANGUAGE, resolveLocale, sayerFor, SHIPPED_LANGUAGES, wordsFor } from '../../../shared/i18n/index.ts';
import type { Language, LocaleOverride, ResolvedLocale, Say, SystemLocale, Words } from '../../../shared/i18n/index.ts';
import { localeOverride } from '../../../shared/ipc/index.ts';
import type { LocaleView } from '../../../shared/ipc/index.ts';
import { readDataFile, writeDataFile } from '../profiles/index.ts';

/**
 * The app's language and regional formats, for the window and for what main says itself: the
 * person's choice, kept in locale.json in the data folder (beside profiles.json and identity.json,
 * so it is the same in every window and after a restart), over what the OS gives
 * (app.getPreferredSystemLanguages(), app.getSystemLocale(); shared/i18n/negotiate.ts).
 */

export const LOCALE_FILE = 'locale.json';

const storedLocale = z.object({ version: z.literal(1), override: localeOverride });

/** What Electron says when nothing else does (plain Node: unit tests, benches): English, US formats. */
export const NO_SYSTEM_LOCALE: SystemLocale = { preferredLanguages: [], systemLocale: 'en-US' };

export interface AppLocale {
  current(): ResolvedLocale;
  view(): LocaleView;
  /** Keeps the person's choice; the answer is the locale it gives. */
  choose(override: LocaleOverride): Promise<LocaleView>;
  /**
   * One of main's messages in the window's language. A plain property, replaced when the language
   * changes: read at each message, it is already the window's language's own (no forwarding here).
   */
  say: Say;
  words(): Words;
  /** Calls `listener` after each change of language or formats (main's menu is drawn again in the new language). */
  onChange(listener: () => void): void;
}

export type AppLocaleOptions = {
  dataDir: string;
  /** Read once at start, as Electron's own locale is (a change of the OS's language needs a restart there too). */
  system?: SystemLocale;
  /** Tests only: the pseudo-locale may be chosen (e2e layout checks). Never in a packaged app. */
  allowPseudo?: boolean;
  log?: (message: string, details: Record<string, unknown>) => void;
};

export async function openAppLocale(options: AppLocaleOptions): Promise<AppLocale> {
  const path = join(options.dataDir, LOCALE_FILE);
  const system = options.system ?? NO_SYSTEM_LOCALE;
  const allowPseudo = options.allowPseudo === true;
  let override: LocaleOverride = NO_OVERRIDE;
  try {
    override = (await readDataFile(path, storedLocale))?.override ?? NO_OVERRIDE;
  } catch (error) {
    // A damaged choice of language is no reason not to start: the OS's languages decide until it is chosen again.
    options.log?.('locale.json in the data folder could not be read: the system’s language and formats are used', { error: String(error) });
  }
  let resolved = resolveLocale(system, override, { allowPseudo });
  const fromSystem = resolveLocale(system);
  const choices: Language[] = allowPseudo ? [...SHIPPED_LANGUAGES, PSEUDO_LANGUAGE] : [...SHIPPED_LANGUAGES];

  const view = (): LocaleView => ({
    ...resolved,
    override,
    system: { language: isShippedLanguage(fromSystem.language) ? fromSystem.language : negotiateLanguage([]), formatLocale: fromSystem.formatLocale },
    choices,
  });

  const listeners: Array<() => void> = [];
  const locale: AppLocale = {
    current: () => resolved,
    view,
    async choose(next) {
      // The pseudo-locale is never kept where it cannot be shown.
      const kept: LocaleOverride = next.language === PSEUDO_LANGUAGE && !allowPseudo ? { ...next, language: null } : next;
      await writeDataFile(path, { version: 1, override: kept });
      override = kept;
      resolved = resolveLocale(system, override, { allowPseudo });
      locale.say = sayerFor(resolved.language);
      for (const listener of listeners) listener();
      return view();
    },
    say: sayerFor(resolved.language),
    words: () => wordsFor(resolved.language),
    onChange: (listener) => void listeners.push(listener),
  };
  return locale;
}
