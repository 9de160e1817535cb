import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../../shared/api/countries.ts';
import { alpha2Of, countryNameIn } from './country-names.ts';
import { countryCodeOf, countryLabel, searchCountries } from './country-search.ts';

describe('country search', () => {
  it('finds by code first, then by the start of the name, then anywhere in it', () => {
    expect(searchCountries('deu')[0]?.code).toBe('DEU');
    expect(searchCountries('ger').map((c) => c.code)).toEqual(['DEU', 'DZA', 'NER', 'NGA']); // Germany first: its name starts so
    expect(searchCountries('united').map((c) => c.code)).toEqual(['ARE', 'GBR', 'UMI', 'USA']);
    expect(searchCountries('kingdom').map((c) => c.code)).toEqual(['GBR']);
    expect(searchCountries('zzzz')).toEqual([]);
  });

  it('reads a typed code or name exactly, in any case', () => {
    expect(countryCodeOf('deu')).toBe('DEU');
    expect(countryCodeOf(' Germany ')).toBe('DEU');
    expect(countryCodeOf(countryLabel('FRA'))).toBe('FRA');
    expect(countryCodeOf('Germ')).toBeNull();
  });
});

describe('country names in the window’s language', () => {
  it('has every listed country’s alpha-2 code, each canonical and named by the runtime', () => {
    const seen = new Set<string>();
    for (const { code } of COUNTRIES) {
      const alpha2 = alpha2Of(code);
      expect(alpha2, code).toMatch(/^[A-Z]{2}$/);
      // Not a retired alias (DY for Benin): the runtime names the region it stands for.
      expect(new Intl.Locale(`und-${alpha2}`).region, code).toBe(alpha2);
      seen.add(alpha2 ?? '');
    }
    expect(seen.size).toBe(COUNTRIES.length);
  });

  it('names a country in German and French, and keeps the list’s English names in English', () => {
    expect(countryLabel('DEU', 'de')).toBe('Deutschland (DEU)');
    expect(countryLabel('DEU', 'fr')).toBe('Allemagne (DEU)');
    expect(countryLabel('GBR', 'de')).toBe('Vereinigtes Königreich (GBR)');
    expect(countryLabel('KOR')).toBe('Korea, Republic of (KOR)');
    expect(countryNameIn('CIV', 'en-XA')).toBe("Côte d'Ivoire");
  });

  it('finds a country by its name in the window’s language, or in English, and reads it back', () => {
    expect(searchCountries('deutsch', 8, 'de')[0]).toEqual({ code: 'DEU', name: 'Deutschland' });
    expect(searchCountries('germany', 8, 'de')[0]?.code).toBe('DEU');
    expect(searchCountries('allem', 8, 'fr').map((c) => c.code)).toEqual(['DEU']);
    expect(countryCodeOf('Deutschland (DEU)', 'de')).toBe('DEU');
    expect(countryCodeOf(countryLabel('FRA', 'fr'), 'fr')).toBe('FRA');
    expect(countryCodeOf('Deutschland')).toBeNull();
  });
});
