import { COUNTRIES, countryName } from '../../../shared/api/countries.ts';
import type { Country } from '../../../shared/api/countries.ts';

/** How the country picker finds and shows countries: by code or by any part of the name. */

export function countryLabel(code: string): string {
  const name = countryName(code);
  return name ? `${name} (${code})` : code;
}

/** Best matches first: the exact code, then names that start with the text, then the rest. */
export function searchCountries(text: string, limit = 8): Country[] {
  const query = text.trim().toLowerCase();
  if (query === '') return COUNTRIES.slice(0, limit);
  const rank = (country: Country): number => {
    const code = country.code.toLowerCase();
    const name = country.name.toLowerCase();
    if (code === query) return 0;
    if (name.startsWith(query)) return 1;
    if (code.startsWith(query)) return 2;
    if (name.includes(query) || `${name} (${code})` === query) return 3;
    return -1;
  };
  return COUNTRIES.map((country) => ({ country, rank: rank(country) }))
    .filter((entry) => entry.rank >= 0)
    .sort((a, b) => a.rank - b.rank)
    .slice(0, limit)
    .map((entry) => entry.country);
}

/** The code a typed text names exactly ("deu", "Germany", "Germany (DEU)"), or null. */
export function countryCodeOf(text: string): string | null {
  const query = text.trim().toLowerCase();
  const found = COUNTRIES.find(
    (country) =>
      country.code.toLowerCase() === query ||
      country.name.toLowerCase() === query ||
      `${country.name} (${country.code})`.toLowerCase() === query,
  );
  return found?.code ?? null;
}
