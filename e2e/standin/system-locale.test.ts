import { describe, expect, it } from 'vitest';
import { glibLanguageNames, localeVariants, preferredSystemLanguages, systemLocale } from './system-locale.ts';

describe('the OS’s languages and locale on Linux, as Electron reads them from the environment', () => {
  it('expands a locale into GLib’s variants, most specific first (GLib’s own test case)', () => {
    expect(glibLanguageNames({ LANGUAGE: 'fr_FR.UTF-8@latin:en_US.UTF-8' })).toEqual([
      'fr_FR.UTF-8@latin', 'fr_FR@latin', 'fr.UTF-8@latin', 'fr@latin', 'fr_FR.UTF-8', 'fr_FR', 'fr.UTF-8', 'fr',
      'en_US.UTF-8', 'en_US', 'en.UTF-8', 'en', 'C',
    ]);
    expect(localeVariants('de')).toEqual(['de']);
  });

  it('LANG=de_DE.UTF-8 alone: German, repeats kept, and German formats', () => {
    const env = { LANG: 'de_DE.UTF-8' };
    expect(glibLanguageNames(env)).toEqual(['de_DE.UTF-8', 'de_DE', 'de.UTF-8', 'de', 'C']);
    expect(preferredSystemLanguages(env)).toEqual(['de-DE', 'de-DE', 'de', 'de']);
    expect(systemLocale(env)).toBe('de-DE');
  });

  it('takes LANGUAGE, then LC_ALL, LC_MESSAGES, LANG for the languages; empty values count as unset', () => {
    expect(preferredSystemLanguages({ LANGUAGE: 'fr', LANG: 'de_DE.UTF-8' })).toEqual(['fr']);
    expect(preferredSystemLanguages({ LANGUAGE: '', LC_ALL: 'fr_CH.UTF-8', LANG: 'de_DE.UTF-8' })).toEqual(['fr-CH', 'fr-CH', 'fr', 'fr']);
    expect(preferredSystemLanguages({ LC_MESSAGES: 'en_GB.UTF-8', LANG: 'de_DE.UTF-8' })).toEqual(['en-GB', 'en-GB', 'en', 'en']);
    expect(preferredSystemLanguages({ LANGUAGE: 'de_AT:fr' })).toEqual(['de-AT', 'de', 'fr']);
  });

  it('never reads LANGUAGE for the system locale: French words with German formats', () => {
    expect(systemLocale({ LANGUAGE: 'fr', LANG: 'de_DE.UTF-8' })).toBe('de-DE');
    expect(systemLocale({ LC_ALL: 'fr_FR.UTF-8', LC_MESSAGES: 'en_GB.UTF-8', LANG: 'de_DE.UTF-8' })).toBe('fr-FR');
    expect(systemLocale({ LC_ALL: '', LC_MESSAGES: 'en_GB.UTF-8', LANG: 'de_DE.UTF-8' })).toBe('en-GB');
  });

  it('nothing set, "C" or "POSIX": no preferred language and ICU’s en_US_POSIX; a modifier is a variant', () => {
    expect(preferredSystemLanguages({})).toEqual([]);
    expect(systemLocale({})).toBe('en-US@posix');
    expect(systemLocale({ LANG: 'C' })).toBe('en-US@posix');
    expect(systemLocale({ LANG: 'C.UTF-8' })).toBe('en-US@posix');
    expect(systemLocale({ LC_ALL: 'POSIX' })).toBe('en-US@posix');
    expect(systemLocale({ LANG: 'de_DE@euro' })).toBe('de-DE@euro');
  });
});
