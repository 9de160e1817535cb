import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import type { MainServices } from '../../electron/app/index.ts';
import { jsonNumber } from '../../shared/money/index.ts';
import { cellValue, filterField, pairsTable } from './pairs.ts';

/**
 * A pairs answer the real service may send and the sandbox's model never does: one
 * element the console cannot read, one amount as a bare JSON number in exponent form. Served through
 * the in-app sandbox's test-only answer edit (electron/sandbox/http/answer-edits.ts).
 */

type WirePair = { currency_from: { currency: string }; currency_to: { currency: string }; rate_to: unknown; [field: string]: unknown };

/** The damaged answer as it was sent, and the original element of each change, to check against. */
export type DamagedPairs = {
  /** The answer's elements before the damage (all decimals as strings, as the sandbox writes them). */
  original: WirePair[];
  exponentIndex: number;
  badIndex: number;
};

export const EXPONENT_TEXT = '2.069384879354E+4';
export const EXPONENT_DECIMAL = '20693.84879354';
export const BAD_RATE = 'not a rate';

const indexOf = (pairs: readonly WirePair[], from: string, to: string): number => {
  const index = pairs.findIndex((p) => p.currency_from.currency === from && p.currency_to.currency === to);
  if (index < 0) throw new Error(`the sandbox lists no ${from}>${to} pair`);
  return index;
};

/**
 * From now on, the sandbox's pairs answer carries BTC>EUR's rate_to in exponent form and
 * ETH>USD's rate_to as words; `last()` is the latest answer sent so.
 */
export async function damagePairs(services: MainServices): Promise<{ last(): DamagedPairs }> {
  let last: DamagedPairs | null = null;
  (await services.sandbox.ensure()).editAnswer('currencies/pairs', (body) => {
    const original = (body as { data: WirePair[] }).data;
    const exponentIndex = indexOf(original, 'BTC', 'EUR');
    const badIndex = indexOf(original, 'ETH', 'USD');
    last = { original, exponentIndex, badIndex };
    const data = original.map((pair, index) =>
      index === exponentIndex ? { ...pair, rate_to: jsonNumber(EXPONENT_TEXT) } : index === badIndex ? { ...pair, rate_to: BAD_RATE } : pair,
    );
    return { data };
  });
  return {
    last() {
      if (!last) throw new Error('no pairs answer was damaged yet');
      return last;
    },
  };
}

export async function undamagePairs(services: MainServices): Promise<void> {
  (await services.sandbox.ensure()).editAnswer('currencies/pairs', null);
}

/** The row of one pair on the Pairs screen, found through the filter as a person would. */
export async function pairRow(page: Page, from: string, to: string): Promise<Locator> {
  await filterField(page).fill(`${from} ${to}`);
  const rows = pairsTable(page).getByTestId('pair-row');
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.all()) {
    if ((await cellValue(row, 'From')) === from && (await cellValue(row, 'To')) === to) return row;
  }
  throw new Error(`no ${from}>${to} row is shown`);
}

/**
 * A currency field of a form that takes typed codes (the list cannot be relied on): a text input
 * with the list as suggestions, so its role is combobox, as a select's is; `input` tells them apart.
 */
export const typedCurrency = (form: Locator, label: string): Locator =>
  form.getByRole('combobox', { name: label, exact: true }).and(form.locator('input'));
