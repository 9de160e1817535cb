import { COUNTRIES, countryName } from '../../../shared/api/countries.ts';
import type { Country } from '../../../shared/api/countries.ts';
import { countryNameIn } from './country-names.ts';

/**
 * How the country picker finds and shows countries: by code or by any part of the name, the name in
 * the window's language (`language`, English by default: country-names.ts). In another language the
 * English name finds a country too, as staff often have it from an English document.
 */

/** The list with its names in `language`. */
function countriesIn(language: string): Country[] {
  return COUNTRIES.map((country) => ({ code: country.code, name: countryNameIn(country.code, language) ?? country.name }));
}

export function countryLabel(code: string, language = 'en'): string {
  const name = countryNameIn(code, language);
  return name ? `${name} (${code})` : code;
}

/** Best matches first: the exact code, then names that start with the text, then the rest. */
export function searchCountries(text: string, limit = 8, language = 'en'): Country[] {
  const query = text.trim().toLocaleLowerCase(language);
  const countries = countriesIn(language);
  if (query === '') return countries.slice(0, limit);
  const rank = (country: Country): number => {
    const code = country.code.toLowerCase();
    const names = [country.name.toLocaleLowerCase(language), (countryName(country.code) ?? country.name).toLowerCase()];
    if (code === query) return 0;
    if (names.some((name) => name.startsWith(query))) return 1;
    if (code.startsWith(query)) return 2;
    if (names.some((name) => name.includes(query)) || `${names[0]} (${code})` === query) return 3;
    return -1;
  };
  return countries
    .map((country) => ({ country, rank: rank(country) }))
    .filter((entry) => entry.rank >= 0)
    .sort((a, b) => a.rank - b.rank)
    .slice(0, limit)
    .map((entry) => entry.country);
}

/** The code a typed text names exactly ("deu", "Germany", "Deutschland (DEU)" in German), or null. */
export function countryCodeOf(text: string, language = 'en'): string | null {
  const query = text.trim().toLocaleLowerCase(language);
  const found = countriesIn(language).find((country) => {
    const names = [country.name.toLocaleLowerCase(language), (countryName(country.code) ?? country.name).toLowerCase()];
    return country.code.toLowerCase() === query || names.some((name) => name === query || `${name} (${country.code.toLowerCase()})` === query);
  });
  return found?.code ?? null;
}
