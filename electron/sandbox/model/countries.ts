import { COUNTRIES } from '../../../shared/api/countries.ts';

/**
 * The sandbox accepts exactly the assigned ISO 3166-1 alpha-3 codes for `country_of_registration`
 * (docs/service-interface.md, "Travel-rule data": the published example is "DEU"). The list itself lives in
 * shared/api/countries.ts, which the invoice screen offers too, so the two can never disagree.
 */
export const ISO_ALPHA3: ReadonlySet<string> = new Set(COUNTRIES.map((country) => country.code));
