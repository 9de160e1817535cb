import { describe, expect, it } from 'vitest';
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
