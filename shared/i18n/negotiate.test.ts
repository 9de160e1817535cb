import { describe, expect, it } from 'vitest';
import { negotiateLanguage, resolveLocale } from './negotiate.ts';

describe('the language: the best fit of the OS’s preferred languages among the shipped ones', () => {
  it.each([
    [['de-DE', 'de-DE', 'de', 'de'], 'de'],
    [['de-AT'], 'de'],
    [['fr-CH', 'en-US'], 'fr'],
    [['it-IT', 'fr-FR'], 'fr'],
    [['en-GB', 'de-DE'], 'en'],
    [['es-ES', 'pl-PL'], 'en'],
    [['c', 'posix', 'de'], 'de'],
    [['en_US', ''], 'en'],
    [[], 'en'],
  ])('%j -> %s', (preferred, language) => {
    expect(negotiateLanguage(preferred)).toBe(language);
  });
});

describe('the resolved locale', () => {
  const german = { preferredLanguages: ['de-DE', 'de-DE', 'de', 'de'], systemLocale: 'de-DE' };

  it('takes the language from the preferred languages and the formats from the system locale', () => {
    expect(resolveLocale(german)).toEqual({ language: 'de', formatLocale: 'de-DE' });
    // LANGUAGE=fr with LANG=de_DE.UTF-8: French words, German formats.
    expect(resolveLocale({ preferredLanguages: ['fr'], systemLocale: 'de-DE' })).toEqual({ language: 'fr', formatLocale: 'de-DE' });
  });

  it('lets the person’s choice win, for the language and the formats apart', () => {
    expect(resolveLocale(german, { language: 'fr', formatLocale: null })).toEqual({ language: 'fr', formatLocale: 'de-DE' });
    expect(resolveLocale(german, { language: null, formatLocale: 'en-GB' })).toEqual({ language: 'de', formatLocale: 'en-GB' });
    expect(resolveLocale(german, { language: 'en', formatLocale: 'fr-CH' })).toEqual({ language: 'en', formatLocale: 'fr-CH' });
  });

  it('takes the pseudo-locale only where tests allow it', () => {
    expect(resolveLocale(german, { language: 'en-XA', formatLocale: null })).toEqual({ language: 'de', formatLocale: 'de-DE' });
    expect(resolveLocale(german, { language: 'en-XA', formatLocale: null }, { allowPseudo: true })).toEqual({ language: 'en-XA', formatLocale: 'de-DE' });
  });

  it('falls back to the language for the formats when the system locale is not one Intl reads', () => {
    expect(resolveLocale({ preferredLanguages: ['fr-FR'], systemLocale: '' })).toEqual({ language: 'fr', formatLocale: 'fr' });
    expect(resolveLocale({ preferredLanguages: [], systemLocale: 'C' })).toEqual({ language: 'en', formatLocale: 'en' });
    expect(resolveLocale(german, { language: null, formatLocale: 'not a locale' })).toEqual({ language: 'de', formatLocale: 'de-DE' });
  });
});
