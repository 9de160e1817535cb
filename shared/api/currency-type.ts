import { openEnum } from './wire.ts';

/**
 * A currency's kind, as pairs (spec 2.5) and balances carry it: `crypto` or `fiat` in what was
 * seen. Open: any other is kept as sent and flagged.
 */
export const CURRENCY_TYPES = ['crypto', 'fiat'] as const;
export type CurrencyType = (typeof CURRENCY_TYPES)[number];
export const currencyType = openEnum(CURRENCY_TYPES);
