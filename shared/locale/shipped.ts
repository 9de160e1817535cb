/**
 * The languages the console ships in. Every amount rule (parse, format, words) is tested over each of
 * them (amount-properties.test.ts); Italian, Spanish and Polish already have their words
 * (amount-in-words.ts), so shipping one of them is one more entry here.
 */
export const SHIPPED_LOCALES = ['en', 'de', 'fr'] as const;

export type ShippedLocale = (typeof SHIPPED_LOCALES)[number];
